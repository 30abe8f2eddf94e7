// The outcome a role's run of an answerable case must end in, by the access policy: allowed
// when every table the SQL reads is in the role's scope, refused otherwise. A policy that
// also names columns for a table narrows that table to those columns: reading any other
// column of it is refused. Import writes outcomes by this rule and lint checks them by it.

import { tablesOutsideScope } from '@nl2sql/access-policy';

/** What one role may read: tables, and for some of them only these columns. */
export interface RoleScope {
  readonly tables: readonly string[];
  /** Table -> the only columns of it the role may read (any spelling case). */
  readonly columns?: Readonly<Record<string, readonly string[]>>;
}

/** What a query reads: table names and `Table.Column` pairs. */
export interface QueryReads {
  readonly tables: readonly string[];
  readonly columns: readonly string[];
}

/** The `Table.Column` pairs of `reads` outside the role's column lists. */
export function columnsOutsideScope(scope: RoleScope, columns: readonly string[]): string[] {
  const limits = new Map<string, Set<string>>();
  for (const [table, cols] of Object.entries(scope.columns ?? {}))
    limits.set(table.toLowerCase(), new Set(cols.map((c) => c.toLowerCase())));
  if (limits.size === 0) return [];
  return columns.filter((pair) => {
    const dot = pair.lastIndexOf('.');
    const allowed = limits.get(pair.slice(0, dot).toLowerCase());
    return allowed !== undefined && !allowed.has(pair.slice(dot + 1).toLowerCase());
  });
}

/** allowed or refused for a role with `scope` asking a question whose gold SQL reads `reads`. */
export function roleOutcome(scope: RoleScope, reads: QueryReads): 'allowed' | 'refused' {
  return tablesOutsideScope(scope.tables, reads.tables).length === 0 &&
    columnsOutsideScope(scope, reads.columns).length === 0
    ? 'allowed'
    : 'refused';
}
