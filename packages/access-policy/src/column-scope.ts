// The column half of the access rule. A role that names columns for a table reads only those
// columns of it: a query reading any other column of that table (in its select list, a
// `*`, a join key, a filter, a grouping or an ordering) reads outside the role's scope,
// exactly as a query reading a table the role may not read. Tables the role reads without
// a column list are read whole. Names compare case-insensitively, as SQL compares them.

import {
  type AccessPolicy,
  hasRole,
  type RoleAccess,
  tablesOutsideScope,
} from './access-policy.js';

/** What a query reads: tables, and `Table.Column` pairs of those tables. */
export interface QueryReads {
  readonly tables: readonly string[];
  readonly columns: readonly string[];
}

/** What of a query lies outside a role's scope: tables it may not read, columns it may not read. */
export interface ScopeBreach {
  readonly tables: string[];
  readonly columns: string[];
}

/** The role's column lists by lower-cased table, each a set of lower-cased columns. */
function columnLimits(access: RoleAccess): Map<string, Set<string>> {
  const limits = new Map<string, Set<string>>();
  for (const [table, columns] of Object.entries(access.columns ?? {})) {
    limits.set(table.toLowerCase(), new Set(columns.map((c) => c.toLowerCase())));
  }
  return limits;
}

/** Whether `access` narrows `table` to some of its columns. */
export function limitsColumnsOf(access: RoleAccess, table: string): boolean {
  return columnLimits(access).has(table.toLowerCase());
}

/**
 * The `Table.Column` pairs of `columns` that `access` does not let the role read: those of a
 * table with a column list that the list does not name. A pair of a table without a list is
 * the table rule's business (tablesOutsideScope).
 */
export function columnsOutsideScope(access: RoleAccess, columns: readonly string[]): string[] {
  const limits = columnLimits(access);
  if (limits.size === 0) return [];
  return columns.filter((pair) => {
    const dot = pair.lastIndexOf('.');
    const allowed = limits.get(pair.slice(0, dot).toLowerCase());
    return allowed !== undefined && !allowed.has(pair.slice(dot + 1).toLowerCase());
  });
}

/** What `role` may read; a role the policy does not name reads nothing; undefined without a policy. */
export function roleAccess(policy: AccessPolicy | undefined, role: string): RoleAccess | undefined {
  if (!policy) return undefined;
  return hasRole(policy, role) ? (policy.roles[role] as RoleAccess) : { tables: [] };
}

/** The tables and columns of `reads` outside what `access` lets the role read. */
export function readsOutsideScope(access: RoleAccess, reads: QueryReads): ScopeBreach {
  return {
    tables: tablesOutsideScope(access.tables, reads.tables),
    columns: columnsOutsideScope(access, reads.columns),
  };
}

/** The tables and columns of `reads` that `role` may not read (none without a policy). */
export function readsOutOfScope(
  policy: AccessPolicy | undefined,
  role: string,
  reads: QueryReads,
): ScopeBreach {
  const access = roleAccess(policy, role);
  return access === undefined ? { tables: [], columns: [] } : readsOutsideScope(access, reads);
}

/** True when a breach holds nothing. */
export const withinScope = (breach: ScopeBreach): boolean =>
  breach.tables.length === 0 && breach.columns.length === 0;
