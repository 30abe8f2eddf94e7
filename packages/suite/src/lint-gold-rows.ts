// Lint checks of a case's gold rows: they were written (by regenerate), every row is as wide
// as the first, and, with the database at hand, as wide as the gold SQL's result, which also
// shows that the database accepts the gold SQL (its tables, columns and functions). On PostgreSQL the gold is the case's PostgreSQL SQL and rows.

import type { EvalCase, Row } from './case.js';
import { goldRowsFor, goldSqlFor } from './gold-for-engine.js';
import type { AddFinding, LintContext } from './lint-context.js';
import { GOLD_TIMEOUT_MS, type LintOptions } from './lint-options.js';

/** `rows-missing`, `rows-width` and `sql-fails` for the gold `sql`. */
export async function lintGoldRows(c: EvalCase, sql: string, context: LintContext): Promise<void> {
  const { add, active, options, names } = context;
  if (c.rows === undefined) {
    add(c, 'rows-missing', 'no rows: write them with regenerate (nl2sql suite regenerate)');
    return;
  }
  if (!active.has('rows-width') && !active.has('sql-fails')) return;
  // The gold as the datasource's engine runs it (PostgreSQL: its own or transpiled SQL).
  const engine = options.datasource?.engine ?? 'sqlite';
  const gold = await goldSqlFor(c, engine, names).catch((error: Error) => error);
  if (gold instanceof Error) {
    add(c, 'sql-fails', gold.message);
    return;
  }
  await checkWidth(
    c,
    goldRowsFor(c, engine) ?? c.rows,
    gold?.sql ?? sql,
    options.datasource,
    options.goldTimeoutMs ?? GOLD_TIMEOUT_MS,
    add,
  );
}

/**
 * `rows-width`: every row as wide as the first, and (with a datasource) as wide as the gold
 * sql's result. Stale rows from before the sql was edited are the usual cause. The query is
 * compiled against the database for its columns (a datasource without `columns` runs it,
 * keeping one row: it reports the columns even of an empty result); `sql-fails` when the
 * database rejects it.
 */
async function checkWidth(
  c: EvalCase,
  rows: readonly Row[],
  sql: string,
  datasource: LintOptions['datasource'],
  timeoutMs: number,
  add: AddFinding,
): Promise<void> {
  const widths = [...new Set(rows.map((r) => r.length))];
  if (widths.length > 1) {
    add(c, 'rows-width', `rows have different widths (${widths.join(', ')} cells)`);
    return;
  }
  if (!datasource) return;
  let columns: number;
  try {
    // Compiled against the database, not run, where the datasource can (decisions/lint-gold-compiles.md).
    columns = datasource.columns
      ? (await datasource.columns(sql, { timeoutMs })).length
      : (await datasource.execute(sql, { maxRows: 1, timeoutMs })).columns.length;
  } catch (error) {
    add(c, 'sql-fails', `the gold sql fails on the database: ${(error as Error).message}`);
    return;
  }
  const width = widths[0];
  if (width !== undefined && width !== columns)
    add(
      c,
      'rows-width',
      `rows have ${width} cell(s), the gold sql returns ${columns} column(s): run regenerate`,
    );
}
