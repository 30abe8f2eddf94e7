// `suite cross-check`: every approved case's gold SQL on SQLite and on PostgreSQL, the rows
// compared, and each difference explained by looking at the two results (integer division,
// float formatting, collation, NULL ordering, value types). A difference the case does not
// record in `rows_by_engine.postgres` is a finding: scoring on PostgreSQL would fail a correct
// answer. decisions/one-suite-two-engines.md says which differences are tolerated.
import { type Datasource, toJsonCell } from '@nl2sql/datasource';
import { type Cell, type EvalCase, type EvalSuite, isApproved, type Row } from './case.js';
import { type GoldSqlSource, goldSqlFor } from './gold-for-engine.js';
import type { OrderTies } from './gold-ties.js';

/** Why PostgreSQL's rows differ from SQLite's, or `same`. */
export type Difference =
  | 'same'
  | 'null ordering'
  | 'collation'
  | 'float formatting'
  | 'integer division'
  | 'value types'
  | 'different rows';

/** What each difference means, for reports. */
export const DIFFERENCE_REASONS: Readonly<Record<Difference, string>> = {
  same: 'the same rows',
  'null ordering': 'row order: NULLs sort first in SQLite, last in PostgreSQL',
  collation: 'row order: text sorts differently (collation)',
  'float formatting': 'numbers within 0.005: REAL arithmetic in SQLite, NUMERIC in PostgreSQL',
  'integer division': 'integer division: SQLite truncated where PostgreSQL kept the fraction',
  'value types': 'value types: a number on one engine is text on the other',
  'different rows': 'different rows, no known engine difference explains them',
};

/**
 * Differences the scoring comparator already absorbs (numbers within its 0.005 tolerance):
 * a correct answer passes on both engines without `rows_by_engine`.
 */
export const TOLERATED_DIFFERENCES: ReadonlySet<Difference> = new Set(['same', 'float formatting']);

const key = (row: readonly Cell[]) => JSON.stringify(row);

function sameMultiset(a: readonly Row[], b: readonly Row[]): boolean {
  const sorted = (rows: readonly Row[]) => rows.map(key).sort();
  return JSON.stringify(sorted(a)) === JSON.stringify(sorted(b));
}

/** Rows paired by position: the one kind of cell difference that explains all, if any. */
function cellDifference(a: readonly Row[], b: readonly Row[]): Difference | undefined {
  let kind: Difference | undefined;
  for (let r = 0; r < a.length; r += 1) {
    const [left, right] = [a[r]!, b[r]!];
    if (left.length !== right.length) return undefined;
    for (let c = 0; c < left.length; c += 1) {
      const [x, y] = [left[c], right[c]];
      if (x === y) continue;
      let found: Difference;
      if (typeof x === 'number' && typeof y === 'number') {
        if (Number.isInteger(x) && !Number.isInteger(y) && Math.trunc(y) === x) {
          found = 'integer division';
        } else if (Math.abs(x - y) <= 0.005) {
          found = 'float formatting';
        } else return undefined;
      } else if (
        x !== null &&
        y !== null &&
        x !== undefined &&
        y !== undefined &&
        String(x) === String(y)
      ) {
        found = 'value types';
      } else return undefined;
      if (kind !== undefined && kind !== found) return undefined;
      kind = found;
    }
  }
  return kind;
}

/**
 * The same rows up to the tie groups of `rows` (decisions/order-ties.md): each group holds the
 * same rows in any order; at a cut boundary, distinct rows of the whole tie group.
 */
function sameUpToTies(rows: readonly Row[], ties: OrderTies, other: readonly Row[]): boolean {
  if (rows.length !== other.length) return false;
  let at = 0;
  for (const [g, size] of ties.groups.entries()) {
    const last = g === ties.groups.length - 1;
    const pool = last && ties.boundary_rows ? ties.boundary_rows : rows.slice(at, at + size);
    const left = new Map<string, number>();
    for (const row of pool) left.set(key(row), (left.get(key(row)) ?? 0) + 1);
    for (const row of other.slice(at, at + size)) {
      const n = left.get(key(row)) ?? 0;
      if (n === 0) return false;
      left.set(key(row), n - 1);
    }
    at += size;
  }
  return at === rows.length;
}

/**
 * How `postgres` rows differ from `sqlite` rows of the same question: identical rows (or the
 * same rows reordered where order does not matter, or only within the tie groups `ties` of
 * the `sqlite` rows) are `same`; otherwise the one explanation that accounts for every
 * difference, else `different rows`.
 */
export function explainDifference(
  sqlite: readonly Row[],
  postgres: readonly Row[],
  orderMatters: boolean,
  ties?: OrderTies,
): Difference {
  if (JSON.stringify(sqlite) === JSON.stringify(postgres)) return 'same';
  if (orderMatters && ties && sameUpToTies(sqlite, ties, postgres)) return 'same';
  if (sqlite.length !== postgres.length) return 'different rows';
  if (sameMultiset(sqlite, postgres)) {
    if (!orderMatters) return 'same';
    return sqlite.some((row) => row.includes(null)) ? 'null ordering' : 'collation';
  }
  const positional = cellDifference(sqlite, postgres);
  if (positional) return positional;
  // The same values in another order and a numeric difference: pair rows after sorting.
  const sort = (rows: readonly Row[]) =>
    [...rows].sort((x, y) => (key(x) < key(y) ? -1 : key(x) > key(y) ? 1 : 0));
  return cellDifference(sort(sqlite), sort(postgres)) ?? 'different rows';
}

/** One case on both engines. */
export interface CrossCheckCase {
  id: string;
  /** The SQL PostgreSQL ran, and where it came from. */
  postgresSql: string | null;
  sqlSource: GoldSqlSource | null;
  /** How PostgreSQL's rows differ from SQLite's. */
  difference: Difference;
  /** The case records PostgreSQL's rows (`rows_by_engine.postgres`). */
  recorded: boolean;
  /**
   * False when scoring on PostgreSQL would be wrong: a difference neither tolerated nor
   * recorded, recorded rows that are not what PostgreSQL returns, or a query that failed.
   */
  ok: boolean;
  /** Why it is not ok, in words; null when ok. */
  problem: string | null;
}

export interface CrossCheckReport {
  cases: CrossCheckCase[];
  /** Cases that are not ok. */
  findings: number;
}

export interface CrossCheckOptions {
  sqlite: Datasource;
  postgres: Datasource;
  /** Statement timeout of each gold query (default 60 s, as suite lint runs golds). */
  timeoutMs?: number;
  /** Called after each case (progress). */
  onCase?: (result: CrossCheckCase) => void;
}

const rowsOf = (rows: readonly (readonly unknown[])[]): Row[] =>
  rows.map((row) => row.map((cell) => toJsonCell(cell as Parameters<typeof toJsonCell>[0])));

async function checkCase(
  c: EvalCase,
  names: readonly string[],
  options: CrossCheckOptions,
): Promise<CrossCheckCase> {
  const execute = { timeoutMs: options.timeoutMs ?? 60_000, maxRows: Number.POSITIVE_INFINITY };
  const base = { id: c.id, recorded: c.rows_by_engine?.postgres !== undefined };
  const failed = (problem: string, sql: string | null, source: GoldSqlSource | null) => ({
    ...base,
    postgresSql: sql,
    sqlSource: source,
    difference: 'different rows' as const,
    ok: false,
    problem,
  });
  let gold: Awaited<ReturnType<typeof goldSqlFor>>;
  try {
    gold = await goldSqlFor(c, 'postgres', names);
  } catch (error) {
    return failed(error instanceof Error ? error.message : String(error), null, null);
  }
  if (!gold) return failed('the case has no SQL', null, null);
  let sqlite: Row[];
  try {
    sqlite = rowsOf((await options.sqlite.execute(c.sql!, execute)).rows);
  } catch (error) {
    return failed(`fails on SQLite: ${(error as Error).message}`, gold.sql, gold.source);
  }
  let postgres: Row[];
  try {
    postgres = rowsOf((await options.postgres.execute(gold.sql, execute)).rows);
  } catch (error) {
    return failed(`fails on PostgreSQL: ${(error as Error).message}`, gold.sql, gold.source);
  }
  // With tie groups, PostgreSQL is scored against the recorded rows up to those groups: rows
  // that differ from them only there are the same answer.
  const difference =
    c.order_ties &&
    c.rows &&
    explainDifference(c.rows, postgres, c.order_matters, c.order_ties) === 'same'
      ? 'same'
      : explainDifference(sqlite, postgres, c.order_matters);
  const recorded = c.rows_by_engine?.postgres;
  let problem: string | null = null;
  if (recorded !== undefined) {
    const against = explainDifference(recorded, postgres, c.order_matters);
    if (!TOLERATED_DIFFERENCES.has(against)) {
      problem = `rows_by_engine.postgres is not what PostgreSQL returns (${DIFFERENCE_REASONS[against]})`;
    }
  } else if (!TOLERATED_DIFFERENCES.has(difference)) {
    problem = `${DIFFERENCE_REASONS[difference]}; record PostgreSQL's rows in rows_by_engine.postgres, or give sql_by_engine.postgres`;
  }
  return {
    ...base,
    postgresSql: gold.sql,
    sqlSource: gold.source,
    difference,
    ok: problem === null,
    problem,
  };
}

/**
 * Runs every approved answerable case's gold SQL on both engines (PostgreSQL's transpiled
 * unless the case gives its own) and explains where the rows differ.
 */
export async function crossCheckSuite(
  suite: EvalSuite,
  options: CrossCheckOptions,
): Promise<CrossCheckReport> {
  const schema = await options.postgres.introspect({ rowCounts: false });
  const names = schema.tables.flatMap((t) => [t.name, ...t.columns.map((c) => c.name)]);
  const cases: CrossCheckCase[] = [];
  for (const c of suite.cases) {
    if (!isApproved(c) || c.sql === undefined) continue;
    const result = await checkCase(c, names, options);
    cases.push(result);
    options.onCase?.(result);
  }
  return { cases, findings: cases.filter((c) => !c.ok).length };
}
