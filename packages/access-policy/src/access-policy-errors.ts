// A policy read from a file (JSON, YAML) is checked before anything trusts it: a policy that
// is not exactly `{ roles: { NAME: { tables: [names] } } }` could otherwise grant or refuse
// by accident. A key this package does not know (a `columns` list, say) is refused rather
// than ignored, so no rule is silently left unenforced.

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
      if (key !== 'tables') errors.push(`${where}.${key}: unknown key (a role has only "tables")`);
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
  }
  return errors;
}
