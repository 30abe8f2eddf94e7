// regenerate: run every case's `sql` and `alt_sql` on the datasource and write what they
// return into `rows` / `alt_rows`. Gold rows are only ever written this way, never by hand.

import { readFile, writeFile } from 'node:fs/promises';
import type { Datasource } from '@nl2sql/datasource';
import type { EvalCase, EvalSuite, Row, SnapshotRows } from './case.js';
import { GoldQueryError, goldRows } from './gold-rows.js';
import { goldTies } from './gold-ties.js';
import { parseSuite } from './load-suite.js';
import { packagedSuite } from './packaged-suite.js';
import { sqlcheck } from './sql-parser.js';
import { formatSuite } from './write-suite.js';

export interface RegenerateOptions {
  /** Allow rewriting a suite that ships inside a package (see packagedSuite). */
  allowPackaged?: boolean;
  /** Per-statement timeout in milliseconds (default: the datasource's). */
  timeoutMs?: number;
  /** Only these case ids (default: every case). */
  only?: readonly string[];
  /**
   * Datasource id -> its snapshots (evals.yaml's datasources.ID.snapshots), opened: each
   * case's gold is also run on every snapshot of its datasource into `rows_by_snapshot`. A
   * case whose datasource has none keeps no `rows_by_snapshot`.
   */
  snapshots?: ReadonlyMap<string, readonly Snapshot[]>;
}

/** One snapshot of a datasource: another database with the same schema, by name. */
export interface Snapshot {
  readonly name: string;
  readonly datasource: Datasource;
}

export interface RegenerateResult {
  /** True when the file's bytes changed. */
  changed: boolean;
  /** Cases whose rows or alt_rows changed. */
  changedCases: string[];
  /** Statements run. */
  statements: number;
  /**
   * Ordered cases whose tie groups could not be asked of the database (a compound query, a
   * ranked query that fails, ...): they keep exact order. Why, per case.
   */
  untied: { caseId: string; reason: string }[];
}

export type RegenerateErrorCode =
  | 'SUITE_PACKAGED'
  | 'QUERY_FAILED'
  | 'RESULT_TRUNCATED'
  | 'UNKNOWN_DATASOURCE';

/**
 * Where rows are read from: one datasource for every case, or the datasources of a project
 * by id, each case read from the one it names.
 */
export type RegenerateSource = Datasource | ReadonlyMap<string, Datasource>;

/** Regenerate could not finish; the suite file is left as it was. */
export class RegenerateError extends Error {
  readonly code: RegenerateErrorCode;
  readonly caseId: string | undefined;
  constructor(code: RegenerateErrorCode, message: string, caseId?: string, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'RegenerateError';
    this.code = code;
    this.caseId = caseId;
  }
}

async function run(
  datasource: Pick<Datasource, 'execute'>,
  sql: string,
  caseId: string,
  what: string,
  timeoutMs: number | undefined,
): Promise<Row[]> {
  try {
    return await goldRows(datasource, sql, timeoutMs);
  } catch (error) {
    if (!(error instanceof GoldQueryError)) throw error;
    throw new RegenerateError(
      error.code,
      error.code === 'QUERY_FAILED'
        ? `case ${caseId}: ${what} failed: ${error.reason}`
        : `case ${caseId}: ${what} ${error.reason}`,
      caseId,
      error.cause,
    );
  }
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * A case's gold on one database: the SQL's rows (tie groups asked of the database for an
 * ordered case) and each alternative's rows. `what` names the SQL in errors.
 */
export async function goldOn(
  datasource: Datasource,
  c: EvalCase,
  what: string,
  timeoutMs: number | undefined,
): Promise<{ gold: SnapshotRows; statements: number; untied?: string }> {
  // The case's as_of_date is "today" for its gold SQL too: each 'now' literal becomes it.
  const { frozenToday } = await sqlcheck();
  const sql = frozenToday(c.sql as string, c.as_of_date);
  let rows = await run(datasource, sql, c.id, what, timeoutMs);
  let statements = 1;
  let order_ties: SnapshotRows['order_ties'];
  let untied: string | undefined;
  if (c.order_matters) {
    // Rows the gold's ORDER BY leaves tied may come in any order: the database says which.
    const tied = await goldTies(datasource, sql, rows, timeoutMs);
    statements += tied.statements;
    if (tied.ties) {
      rows = tied.rows;
      order_ties = tied.ties;
    } else if (!tied.ordered) {
      untied = tied.none;
    }
  }
  let alt_rows: Row[][] | undefined;
  if (c.alt_sql && c.alt_sql.length > 0) {
    alt_rows = [];
    const on = what === 'sql' ? '' : what.slice('sql'.length);
    for (const [i, alt] of c.alt_sql.entries()) {
      alt_rows.push(
        await run(
          datasource,
          frozenToday(alt, c.as_of_date),
          c.id,
          `alt_sql[${i}]${on}`,
          timeoutMs,
        ),
      );
      statements++;
    }
  }
  return {
    gold: { rows, ...(order_ties ? { order_ties } : {}), ...(alt_rows ? { alt_rows } : {}) },
    statements,
    ...(untied === undefined ? {} : { untied }),
  };
}

/**
 * The datasource each case is read from. With datasources by id, a case (to be read) naming
 * none of them is refused before any query runs, so nothing is half regenerated.
 */
function sourceOf(
  suite: EvalSuite,
  source: RegenerateSource,
  read: (c: EvalCase) => boolean,
): (c: EvalCase) => Datasource {
  if (typeof (source as Partial<Datasource>).execute === 'function')
    return () => source as Datasource;
  const byId = source as ReadonlyMap<string, Datasource>;
  for (const c of suite.cases) {
    if (read(c) && !byId.has(c.datasource)) {
      throw new RegenerateError(
        'UNKNOWN_DATASOURCE',
        `case ${c.id}: datasource ${c.datasource} is not one of ${[...byId.keys()].join(', ')}`,
        c.id,
      );
    }
  }
  return (c) => byId.get(c.datasource) as Datasource;
}

/**
 * Runs every case's SQL and returns the suite with fresh rows (the input is not changed).
 * `source` is one datasource for every case, or datasources by the id cases name.
 */
export async function regenerateSuite(
  suite: EvalSuite,
  source: RegenerateSource,
  options: Omit<RegenerateOptions, 'allowPackaged'> = {},
): Promise<{
  suite: EvalSuite;
  changedCases: string[];
  statements: number;
  untied: RegenerateResult['untied'];
}> {
  const only = options.only ? new Set(options.only) : undefined;
  const datasourceOf = sourceOf(
    suite,
    source,
    (c) => c.sql !== undefined && (only === undefined || only.has(c.id)),
  );
  const changedCases: string[] = [];
  const untied: RegenerateResult['untied'] = [];
  let statements = 0;
  const cases = [];
  for (const c of suite.cases) {
    if (c.sql === undefined || (only && !only.has(c.id))) {
      cases.push(c);
      continue;
    }
    const datasource = datasourceOf(c);
    const pinned = await goldOn(datasource, c, 'sql', options.timeoutMs);
    statements += pinned.statements;
    if (pinned.untied !== undefined) untied.push({ caseId: c.id, reason: pinned.untied });
    const next: EvalCase = { ...c, rows: pinned.gold.rows };
    delete next.order_ties;
    delete next.alt_rows;
    delete next.rows_by_snapshot;
    if (pinned.gold.order_ties) next.order_ties = pinned.gold.order_ties;
    if (pinned.gold.alt_rows) next.alt_rows = pinned.gold.alt_rows;
    const snapshots = options.snapshots?.get(c.datasource) ?? [];
    if (snapshots.length > 0) {
      const bySnapshot: Record<string, SnapshotRows> = {};
      for (const snapshot of snapshots) {
        const on = await goldOn(
          snapshot.datasource,
          c,
          `sql on snapshot ${snapshot.name}`,
          options.timeoutMs,
        );
        statements += on.statements;
        bySnapshot[snapshot.name] = on.gold;
      }
      next.rows_by_snapshot = bySnapshot;
    }
    if (
      !same(c.rows, next.rows) ||
      !same(c.alt_rows, next.alt_rows) ||
      !same(c.order_ties, next.order_ties) ||
      !same(c.rows_by_snapshot, next.rows_by_snapshot)
    )
      changedCases.push(c.id);
    cases.push(next);
  }
  return { suite: { ...suite, cases }, changedCases, statements, untied };
}

/**
 * Re-runs the suite file's SQL on `source` (one datasource, or datasources by the id each
 * case names) and rewrites the file with the deterministic
 * writer. A second run on the same database changes no byte. Refuses a packaged suite
 * (inside node_modules, or shipped by a non-private package) unless `allowPackaged`.
 */
export async function regenerate(
  suitePath: string,
  source: RegenerateSource,
  options: RegenerateOptions = {},
): Promise<RegenerateResult> {
  if (!options.allowPackaged) {
    const packaged = await packagedSuite(suitePath);
    if (packaged) {
      const owner =
        packaged.reason === 'node_modules'
          ? `an installed package (${packaged.where})`
          : `the package ${packaged.packageName ?? '?'} (${packaged.where})`;
      throw new RegenerateError(
        'SUITE_PACKAGED',
        `${suitePath} ships inside ${owner}; regenerate its rows from a checkout with allowPackaged: true`,
      );
    }
  }
  const before = await readFile(suitePath, 'utf8');
  const suite = parseSuite(before, suitePath);
  const {
    suite: next,
    changedCases,
    statements,
    untied,
  } = await regenerateSuite(suite, source, options);
  const after = formatSuite(next);
  const changed = after !== before;
  if (changed) await writeFile(suitePath, after, 'utf8');
  return { changed, changedCases, statements, untied };
}
