// A policy read from a file (JSON, YAML) is checked before anything trusts it: a policy that
// is not exactly `{ roles: { NAME: { tables: [names], columns?: { Table: [names] } } } }`
// could otherwise grant or refuse by accident. A key this package does not know is refused
// rather than ignored, so no rule is silently left unenforced; a column list for a table the
// role does not read is refused too, since it would read as a grant and grant nothing.

/** Problems of `value` as an AccessPolicy, each with its path; empty when it is one. */
export function accessPolicyErrors(value: unknown): string[] {
  const errors: string[] = [];
  const isRecord = (v: unknown): v is Record<string, unknown> =>
    typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!isRecord(value)) return ['the policy must be an object {"roles": {...}}'];
  for (const key of Object.keys(value)) {
    if (key !== 'roles') errors.push(`${key}: unknown key (a policy has only "roles")`);
  }
  if (!isRecord(value.roles)) {
    errors.push('roles: must be an object mapping each role to {"tables": [...]}');
    return errors;
  }
  for (const [role, access] of Object.entries(value.roles)) {
    const where = `roles.${role}`;
    if (role.trim() === '') errors.push(`${where}: a role name must not be blank`);
    if (!isRecord(access)) {
      errors.push(`${where}: must be an object {"tables": [...]}`);
      continue;
    }
    for (const key of Object.keys(access)) {
      if (key !== 'tables' && key !== 'columns')
        errors.push(`${where}.${key}: unknown key (a role has only "tables" and "columns")`);
    }
    const tables = access.tables;
    if (!Array.isArray(tables)) {
      errors.push(`${where}.tables: must be a list of table names`);
      continue;
    }
    tables.forEach((table: unknown, i) => {
      if (typeof table !== 'string' || table.trim() === '') {
        errors.push(`${where}.tables[${i}]: must be a table name, got ${JSON.stringify(table)}`);
      }
    });
    if (access.columns !== undefined)
      errors.push(...columnListErrors(access.columns, tables, where));
  }
  return errors;
}

/** Problems of a role's `columns`: table -> a non-empty list of column names, each table read. */
function columnListErrors(columns: unknown, tables: readonly unknown[], where: string): string[] {
  if (typeof columns !== 'object' || columns === null || Array.isArray(columns)) {
    return [`${where}.columns: must be an object mapping a table to the columns the role may read`];
  }
  const errors: string[] = [];
  const read = new Set(tables.flatMap((t) => (typeof t === 'string' ? [t.toLowerCase()] : [])));
  for (const [table, list] of Object.entries(columns)) {
    const at = `${where}.columns.${table}`;
    if (!read.has(table.toLowerCase())) {
      errors.push(
        `${at}: ${table} is not in the role's tables; a column list narrows a table the role reads`,
      );
    }
    if (!Array.isArray(list) || list.length === 0) {
      errors.push(
        `${at}: must be a non-empty list of column names (leave the table out of tables to deny it whole)`,
      );
      continue;
    }
    list.forEach((column: unknown, i) => {
      if (typeof column !== 'string' || column.trim() === '') {
        errors.push(`${at}[${i}]: must be a column name, got ${JSON.stringify(column)}`);
      }
    });
  }
  return errors;
}
