// What an engine's answered SQL read outside the asking role's scope, by the access
// policy's one rule (tables, and the columns of tables the role reads only some columns of).
// An engine that answers with such SQL leaked, whatever its rows: the outcome scorer fails
// the case run. The check fails closed: SQL the parser cannot read as one query, or a
// column it cannot place in a query reading a narrowed table, counts as a leak, since the
// run cannot show the role's scope was kept.

import {
  type AccessPolicy,
  limitsColumnsOf,
  readsOutOfScope,
  roleAccess,
} from '@nl2sql/access-policy';
import { sqlSizeViolation } from '@nl2sql/diagnostics';
import type { SchemaLike, SqlAnalysis } from './plugins.js';

/** What the check is given: the policy, and the schema and dialect of the case's datasource. */
export interface ScopeCheck {
  readonly policy: AccessPolicy;
  /** The parser that reads what the SQL reads. */
  readonly sql: SqlAnalysis;
  /** The schema to expand `*` and place unqualified columns by; without it they are unplaced. */
  readonly schema?: SchemaLike;
  readonly dialect: string;
  /** Longer SQL is not parsed (sqlcheck's size limit; default its own). */
  readonly maxSqlBytes?: number;
}

/** A leak: what was read outside the scope, or why the SQL could not be checked. */
export interface ScopeLeak {
  readonly tables: readonly string[];
  readonly columns: readonly string[];
  /** Set when the SQL could not be checked (then tables and columns may be empty). */
  readonly unchecked?: string;
}

/** The leak in `sql` asked as `role`, or null when it read only what the role may read. */
export async function scopeLeak(
  sql: string,
  role: string,
  check: ScopeCheck,
): Promise<ScopeLeak | null> {
  const finding = sqlSizeViolation(sql, check.maxSqlBytes);
  if (finding !== undefined) return { tables: [], columns: [], unchecked: finding.message };
  const reads = await check.sql.readSet(sql, check.schema, {
    dialect: check.dialect,
    ...(check.maxSqlBytes !== undefined ? { maxSqlBytes: check.maxSqlBytes } : {}),
  });
  if (reads === undefined) {
    return {
      tables: [],
      columns: [],
      unchecked: 'the SQL parser cannot read it as one query',
    };
  }
  const breach = readsOutOfScope(check.policy, role, reads);
  const access = roleAccess(check.policy, role);
  const narrowed = access ? reads.tables.filter((t) => limitsColumnsOf(access, t)) : [];
  const unplaced = narrowed.length > 0 ? reads.unattributed : [];
  if (breach.tables.length === 0 && breach.columns.length === 0 && unplaced.length === 0) {
    return null;
  }
  return {
    tables: breach.tables,
    columns: breach.columns,
    ...(unplaced.length > 0
      ? {
          unchecked: `column ${unplaced.join(', ')} cannot be placed in a table, and the query reads ${narrowed.join(', ')}, which the role reads only some columns of`,
        }
      : {}),
  };
}

/** The leak in words, for a failing score's explanation (`subject`: what read it). */
export function leakText(
  role: string,
  leak: ScopeLeak,
  subject = 'the engine answered with SQL',
): string {
  const read = [...leak.tables, ...leak.columns];
  const parts = read.length > 0 ? [`reads ${read.join(', ')}`] : [];
  if (leak.unchecked !== undefined) parts.push(`cannot be checked: ${leak.unchecked}`);
  return `${subject} that ${parts.join('; ')}, outside what role ${role} may read (a leak)`;
}
