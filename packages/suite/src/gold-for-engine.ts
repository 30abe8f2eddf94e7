// A case's gold for the engine its datasource runs on. `sql` and `rows` are written for
// SQLite; on PostgreSQL, MySQL and DuckDB the SQL is transpiled by the SQL parser unless the
// case gives `sql_by_engine.<engine>`, and the rows are `rows_by_engine.<engine>` where the
// engines' results differ (integer division, float formatting ...), else `rows`.
// decisions/one-suite-two-engines.md and decisions/one-suite-four-engines.md say why.

import type { CaseEngine, EvalCase, Row } from './case.js';
import { sqlcheck } from './sql-parser.js';

/** The gold SQL of a case could not be made for an engine. */
export class GoldSqlError extends Error {
  override readonly name = 'GoldSqlError';
  constructor(
    readonly caseId: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(`${caseId}: ${message}`, options);
  }
}

/** The engines whose gold is made from SQLite's: every one but SQLite itself. */
export type OtherEngine = Exclude<CaseEngine, 'sqlite'>;

/**
 * An engine name as datasources spell it (`sqlite`, `postgres`, `postgresql`, `mysql`,
 * `mariadb`, `duckdb`).
 */
export function caseEngine(engine: string): CaseEngine {
  const e = engine.toLowerCase();
  if (e === 'sqlite' || e === 'mysql' || e === 'duckdb') return e;
  if (e === 'postgres' || e === 'postgresql') return 'postgres';
  if (e === 'mariadb') return 'mysql';
  throw new RangeError(
    `no gold for datasource engine "${engine}" (sqlite, postgres, mysql or duckdb)`,
  );
}

/** The rows a case records for one engine (`rows_by_engine.<engine>`), if any. */
export function recordedRowsFor(c: EvalCase, engine: string): Row[] | undefined {
  const e = caseEngine(engine);
  return e === 'sqlite' ? undefined : c.rows_by_engine?.[e];
}

/** The gold rows for `engine`: its own where the case gives them, else `rows`. */
export function goldRowsFor(c: EvalCase, engine: string): Row[] | undefined {
  return recordedRowsFor(c, engine) ?? c.rows;
}

/**
 * The tie groups that go with `goldRowsFor(c, engine)`, as the comparator reads them
 * (`CompareOptions.ties`), or undefined for exact order. `order_ties` describe `rows`: where
 * an engine's own rows (`rows_by_engine.<engine>`) are the gold, the order stays exact.
 */
export function goldTiesFor(
  c: EvalCase,
  engine: string,
): { groups: number[]; boundaryRows?: Row[] } | undefined {
  const ties = c.order_ties;
  if (ties === undefined) return undefined;
  if (recordedRowsFor(c, engine) !== undefined) return undefined;
  return {
    groups: ties.groups,
    ...(ties.boundary_rows === undefined ? {} : { boundaryRows: ties.boundary_rows }),
  };
}

/** Where the gold SQL for an engine comes from. */
export type GoldSqlSource = 'written' | 'by_engine' | 'transpiled';

export interface GoldSql {
  sql: string;
  source: GoldSqlSource;
}

/**
 * The gold SQL for `engine`, or undefined for an unanswerable case. `names` are the tables and
 * columns as the engine's database spells them (its introspection), so a transpiled query
 * quotes PascalCase names PostgreSQL would otherwise fold to lower case (and MySQL, whose
 * table names are case-sensitive on Linux, would not find).
 */
export async function goldSqlFor(
  c: EvalCase,
  engine: string,
  names: Iterable<string> = [],
): Promise<GoldSql | undefined> {
  if (c.sql === undefined) return undefined;
  const e = caseEngine(engine);
  if (e === 'sqlite') return { sql: c.sql, source: 'written' };
  const own = c.sql_by_engine?.[e];
  if (own !== undefined) return { sql: own, source: 'by_engine' };
  try {
    return {
      sql: await (await sqlcheck()).transpileSql(c.sql, { from: 'sqlite', to: e, names }),
      source: 'transpiled',
    };
  } catch (error) {
    const said = error instanceof Error ? error.message : String(error);
    throw new GoldSqlError(c.id, `${said}; give the case sql_by_engine.${e}`, { cause: error });
  }
}
