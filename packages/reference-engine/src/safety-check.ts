// Static safety check (sqlcheck L3) before every execution, the refiner's retries and curated
// SQL included: one bounded read-only statement, vetted functions, and only the role's tables
// and, of a table the role reads only some columns of, only those columns. Reading outside the
// scope is a refusal; anything else is unsafe SQL.

import { limitsColumnsOf, type RoleAccess, readsOutsideScope } from '@nl2sql/access-policy';
import { checkSafety, readSet, type SchemaLike } from '@nl2sql/sqlcheck';

export type SafetyOutcome =
  | { kind: 'ok' }
  | { kind: 'refused' }
  | { kind: 'unsafe'; message: string };

export interface SafetyCheckOptions {
  dialect: string;
  maxLimit: number;
  allowedTables: string[] | undefined;
  /** The role's access, when the policy narrows some of its tables to columns. */
  access?: RoleAccess;
  /** The datasource's schema: expands `*` and ties unqualified columns to their table. */
  schema?: SchemaLike;
}

/**
 * Whether a safe query reads a column outside the role's column lists. A column the read set
 * cannot tie to a table, in a query reading a narrowed table, is taken as outside: the check
 * fails closed rather than let an unplaced column through.
 */
async function readsDeniedColumn(sql: string, options: SafetyCheckOptions): Promise<boolean> {
  const access = options.access;
  if (!access?.columns || Object.keys(access.columns).length === 0) return false;
  const reads = await readSet(sql, options.schema, { dialect: options.dialect });
  if (reads === undefined) return true;
  if (reads.columns.length === 0 && reads.unattributed.length === 0) return false;
  if (readsOutsideScope(access, reads).columns.length > 0) return true;
  return reads.unattributed.length > 0 && reads.tables.some((t) => limitsColumnsOf(access, t));
}

export async function safetyCheck(
  sql: string,
  options: SafetyCheckOptions,
): Promise<SafetyOutcome> {
  const verdict = await checkSafety(sql, {
    dialect: options.dialect,
    maxLimit: options.maxLimit,
    ...(options.allowedTables ? { allowedTables: options.allowedTables } : {}),
  });
  if (verdict.violations.some((v) => v.rule === 'table-not-allowed')) return { kind: 'refused' };
  if (!verdict.pass) {
    return {
      kind: 'unsafe',
      message: verdict.violations.map((v) => `${v.rule}: ${v.message}`).join('; '),
    };
  }
  return (await readsDeniedColumn(sql, options)) ? { kind: 'refused' } : { kind: 'ok' };
}
