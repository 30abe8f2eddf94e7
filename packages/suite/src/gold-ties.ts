// The tie groups of an ordered gold, found by the database (decisions/order-ties.md): the
// gold is run with the dense rank of its ORDER BY keys as one more column (sqlcheck's
// tieRankQuery), runs of equal rank are the groups, and when a LIMIT is there the whole last
// group is read to see whether the LIMIT cuts through it. What is found is recorded in the
// case (`order_ties`), so the rule a verdict used can be read and reproduced.

import type { Datasource } from '@nl2sql/datasource';
import type { EvalCase, Row } from './case.js';
import { MAX_GOLD_ROWS, toCell } from './gold-rows.js';
import { sqlcheck } from './sql-parser.js';

export type OrderTies = NonNullable<EvalCase['order_ties']>;

/** The gold's rows as the ranked query returned them, with their ties; or why there are none. */
export type GoldTies = { readonly statements: number } & (
  | {
      readonly rows: Row[];
      readonly ties: OrderTies;
      readonly none?: undefined;
      readonly ordered?: undefined;
    }
  | {
      readonly rows?: undefined;
      readonly ties?: undefined;
      readonly none: string;
      readonly ordered?: true;
    }
);

function dialectOf(datasource: Pick<Datasource, 'engine'>): string {
  const e = String(datasource.engine ?? 'sqlite').toLowerCase();
  if (e === 'postgres' || e === 'postgresql') return 'postgres';
  if (e === 'mysql' || e === 'mariadb') return 'mysql';
  return e === 'duckdb' ? 'duckdb' : 'sqlite';
}

async function execute(
  datasource: Pick<Datasource, 'execute'>,
  sql: string,
  timeoutMs: number | undefined,
): Promise<Awaited<ReturnType<Datasource['execute']>> | string> {
  try {
    return await datasource.execute(sql, {
      maxRows: MAX_GOLD_ROWS,
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
    });
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/**
 * The tie groups of `sql` on `datasource`. `goldRows` are the rows the gold itself returned
 * (what regenerate writes without ties): when every group is one row and no LIMIT cuts
 * one, the order is exact and `none` says so. With ties, `rows` are the ranked query's
 * rows (the gold's columns): the groups describe those rows, which are as much the gold's
 * answer as the gold's own run (they differ, if at all, only in the order of tied rows).
 * Never throws for a query it cannot rank: `none` gives the reason, and the case keeps
 * exact order.
 */
export async function goldTies(
  datasource: Pick<Datasource, 'execute' | 'engine'>,
  sql: string,
  goldRows: readonly Row[],
  timeoutMs?: number,
): Promise<GoldTies> {
  const query = await (await sqlcheck()).tieRankQuery(sql, dialectOf(datasource));
  if (!query.ok) return { statements: 0, none: query.reason };
  let statements = 1;
  const none = (reason: string, ordered?: true): GoldTies => ({
    statements,
    none: reason,
    ...(ordered ? { ordered } : {}),
  });
  const ranked = await execute(datasource, query.ranked, timeoutMs);
  if (typeof ranked === 'string') return none(`the ranked gold fails: ${ranked}`);
  if (ranked.truncated) return none(`the ranked gold returns more than ${MAX_GOLD_ROWS} rows`);
  const width = ranked.columns.length - 1;
  const ranks: number[] = [];
  const rows: Row[] = [];
  for (const r of ranked.rows) {
    const rank = Number(r[width]);
    if (!Number.isSafeInteger(rank)) return none('the database gave no integer rank');
    if (ranks.length > 0 && rank < ranks[ranks.length - 1]!) {
      return none('the ranked rows do not come in rank order');
    }
    ranks.push(rank);
    rows.push(r.slice(0, width).map(toCell));
  }
  if (rows.length !== goldRows.length || (goldRows[0] && goldRows[0].length !== width)) {
    return none('the ranked gold returns another shape than the gold');
  }
  const groups: number[] = [];
  ranks.forEach((rank, i) => {
    if (i > 0 && rank === ranks[i - 1]) groups[groups.length - 1]!++;
    else groups.push(1);
  });
  let boundary: Row[] | undefined;
  if (query.group !== null && ranks.length > 0) {
    const whole = await execute(datasource, query.group(ranks[ranks.length - 1]!), timeoutMs);
    statements++;
    if (typeof whole === 'string') return none(`the tie-group query fails: ${whole}`);
    const shown = groups[groups.length - 1]!;
    // A group larger than the row cap is not recorded: its rows are compared as the gold's.
    if (!whole.truncated && whole.rows.length > shown) {
      // Sorted by their text, so the file's bytes do not depend on how the database scanned.
      boundary = whole.rows
        .map((r) => r.slice(0, width).map(toCell))
        .sort((a, b) => compareText(JSON.stringify(a), JSON.stringify(b)));
    }
  }
  if (boundary === undefined && groups.every((g) => g === 1)) {
    return none('the ORDER BY orders every row', true);
  }
  return {
    statements,
    rows,
    ties: { groups, ...(boundary === undefined ? {} : { boundary_rows: boundary }) },
  };
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
