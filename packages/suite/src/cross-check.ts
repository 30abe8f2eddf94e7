// `suite cross-check`: every approved case's gold SQL on SQLite and on each other engine
// given (PostgreSQL, MySQL, DuckDB), the rows compared with SQLite's, and each difference
// explained by looking at the two results (integer division, float formatting, collation,
// NULL ordering, value types). A difference the case does not record in
// `rows_by_engine.<engine>` is a finding: scoring on that engine would fail a correct answer.
// decisions/one-suite-two-engines.md says which differences are tolerated, and
// decisions/one-suite-four-engines.md how a case is classified over several engines.
import { type Datasource, toJsonCell } from '@nl2sql/datasource';
import { type Cell, type EvalCase, type EvalSuite, isApproved, type Row } from './case.js';
import {
  type GoldSqlSource,
  goldSqlFor,
  type OtherEngine,
  recordedRowsFor,
} from './gold-for-engine.js';
import type { OrderTies } from './gold-ties.js';

/** Why an engine's rows differ from SQLite's, or `same`. */
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
  'null ordering': 'row order: NULLs sort first in SQLite, last in the other engine',
  collation: 'row order: text sorts differently (collation)',
  'float formatting':
    'numbers within 0.005: REAL arithmetic in SQLite, exact decimals in the other engine',
  'integer division': 'integer division: SQLite truncated where the other engine kept the fraction',
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

/** Every engine `suite cross-check` can compare with SQLite, in the order it reports them. */
export const OTHER_ENGINES: readonly OtherEngine[] = ['postgres', 'mysql', 'duckdb'];

/** One case on one engine, against SQLite. */
export interface EngineCheck {
  engine: OtherEngine;
  /** The SQL the engine ran, and where it came from. */
  sql: string | null;
  sqlSource: GoldSqlSource | null;
  /** How the engine's rows differ from SQLite's. */
  difference: Difference;
  /** The query failed on this engine (or its gold SQL could not be made). */
  failed: boolean;
  /** The case records this engine's rows (`rows_by_engine.<engine>`). */
  recorded: boolean;
  /**
   * False when scoring on this engine would be wrong: a difference neither tolerated nor
   * recorded, recorded rows that are not what the engine returns, or a query that failed.
   */
  ok: boolean;
  /** Why it is not ok, in words; null when ok. */
  problem: string | null;
}

/** How a case's golds behave over all the engines checked. */
export type CrossCheckClass = 'same rows' | 'differ only in order' | 'differ' | 'fails on one';

export const CROSS_CHECK_CLASSES: readonly CrossCheckClass[] = [
  'same rows',
  'differ only in order',
  'differ',
  'fails on one',
];

/** One case on every engine. */
export interface CrossCheckCase {
  id: string;
  /**
   * `fails on one`: the gold fails on some engine (SQLite included); `differ`: some engine
   * returns other values (tolerated or not); `differ only in order`: the same rows, in
   * another order where order matters; `same rows` everywhere else.
   */
  classification: CrossCheckClass;
  /** The gold failed on SQLite itself (then every engine check says so). */
  sqliteFailed: boolean;
  /** Each engine checked, in OTHER_ENGINES order. */
  engines: EngineCheck[];
  /** Every engine's check is ok. */
  ok: boolean;
}

export interface CrossCheckReport {
  /** The engines compared with SQLite. */
  engines: OtherEngine[];
  cases: CrossCheckCase[];
  /** Engine checks that are not ok, over all cases. */
  findings: number;
}

export interface CrossCheckOptions {
  sqlite: Datasource;
  /** The engines to compare with SQLite; at least one. */
  engines: Partial<Record<OtherEngine, Datasource>>;
  /** Statement timeout of each gold query (default 60 s, as suite lint runs golds). */
  timeoutMs?: number;
  /** Called after each case (progress). */
  onCase?: (result: CrossCheckCase) => void;
}

const rowsOf = (rows: readonly (readonly unknown[])[]): Row[] =>
  rows.map((row) => row.map((cell) => toJsonCell(cell as Parameters<typeof toJsonCell>[0])));

const ENGINE_NAMES: Readonly<Record<OtherEngine, string>> = {
  postgres: 'PostgreSQL',
  mysql: 'MySQL',
  duckdb: 'DuckDB',
};

const ORDER_ONLY: ReadonlySet<Difference> = new Set(['null ordering', 'collation']);

async function checkEngine(
  c: EvalCase,
  engine: OtherEngine,
  datasource: Datasource,
  names: readonly string[],
  sqlite: Row[] | string,
  timeoutMs: number,
): Promise<EngineCheck> {
  const base = { engine, recorded: recordedRowsFor(c, engine) !== undefined };
  const failed = (problem: string, sql: string | null, source: GoldSqlSource | null) => ({
    ...base,
    sql,
    sqlSource: source,
    difference: 'different rows' as const,
    failed: true,
    ok: false,
    problem,
  });
  let gold: Awaited<ReturnType<typeof goldSqlFor>>;
  try {
    gold = await goldSqlFor(c, engine, names);
  } catch (error) {
    return failed(error instanceof Error ? error.message : String(error), null, null);
  }
  if (!gold) return failed('the case has no SQL', null, null);
  if (typeof sqlite === 'string') return failed(sqlite, gold.sql, gold.source);
  let rows: Row[];
  try {
    rows = rowsOf(
      (await datasource.execute(gold.sql, { timeoutMs, maxRows: Number.POSITIVE_INFINITY })).rows,
    );
  } catch (error) {
    return failed(
      `fails on ${ENGINE_NAMES[engine]}: ${(error as Error).message}`,
      gold.sql,
      gold.source,
    );
  }
  // With tie groups, the engine is scored against the recorded rows up to those groups: rows
  // that differ from them only there are the same answer.
  const difference =
    c.order_ties &&
    c.rows &&
    explainDifference(c.rows, rows, c.order_matters, c.order_ties) === 'same'
      ? 'same'
      : explainDifference(sqlite, rows, c.order_matters);
  const recorded = recordedRowsFor(c, engine);
  let problem: string | null = null;
  if (recorded !== undefined) {
    const against = explainDifference(recorded, rows, c.order_matters);
    if (!TOLERATED_DIFFERENCES.has(against)) {
      problem = `rows_by_engine.${engine} is not what ${ENGINE_NAMES[engine]} returns (${DIFFERENCE_REASONS[against]})`;
    }
  } else if (!TOLERATED_DIFFERENCES.has(difference)) {
    problem = `${DIFFERENCE_REASONS[difference]}; record ${ENGINE_NAMES[engine]}'s rows in rows_by_engine.${engine}, or give sql_by_engine.${engine}`;
  }
  return {
    ...base,
    sql: gold.sql,
    sqlSource: gold.source,
    difference,
    failed: false,
    ok: problem === null,
    problem,
  };
}

function classify(checks: readonly EngineCheck[]): CrossCheckClass {
  if (checks.some((e) => e.failed)) return 'fails on one';
  if (checks.some((e) => e.difference !== 'same' && !ORDER_ONLY.has(e.difference))) return 'differ';
  if (checks.some((e) => ORDER_ONLY.has(e.difference))) return 'differ only in order';
  return 'same rows';
}

/**
 * Runs every approved answerable case's gold SQL on SQLite and on each engine given (its
 * SQL transpiled unless the case gives its own) and explains where the rows differ.
 */
export async function crossCheckSuite(
  suite: EvalSuite,
  options: CrossCheckOptions,
): Promise<CrossCheckReport> {
  const engines = OTHER_ENGINES.filter((e) => options.engines[e] !== undefined);
  if (engines.length === 0)
    throw new RangeError('cross-check needs at least one engine beside SQLite');
  const timeoutMs = options.timeoutMs ?? 60_000;
  const names = new Map<OtherEngine, string[]>();
  for (const engine of engines) {
    const schema = await options.engines[engine]!.introspect({ rowCounts: false });
    names.set(
      engine,
      schema.tables.flatMap((t) => [t.name, ...t.columns.map((c) => c.name)]),
    );
  }
  const cases: CrossCheckCase[] = [];
  for (const c of suite.cases) {
    if (!isApproved(c) || c.sql === undefined) continue;
    let sqlite: Row[] | string;
    try {
      sqlite = rowsOf(
        (await options.sqlite.execute(c.sql, { timeoutMs, maxRows: Number.POSITIVE_INFINITY }))
          .rows,
      );
    } catch (error) {
      sqlite = `fails on SQLite: ${(error as Error).message}`;
    }
    const checks: EngineCheck[] = [];
    for (const engine of engines) {
      checks.push(
        await checkEngine(
          c,
          engine,
          options.engines[engine]!,
          names.get(engine)!,
          sqlite,
          timeoutMs,
        ),
      );
    }
    const result: CrossCheckCase = {
      id: c.id,
      classification: classify(checks),
      sqliteFailed: typeof sqlite === 'string',
      engines: checks,
      ok: checks.every((e) => e.ok),
    };
    cases.push(result);
    options.onCase?.(result);
  }
  return {
    engines,
    cases,
    findings: cases.reduce((n, c) => n + c.engines.filter((e) => !e.ok).length, 0),
  };
}
