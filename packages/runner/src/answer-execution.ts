// The harness runs an external engine's SQL itself: on the datasource the case names, as the
// case's role (its own login where the datasource has one per role), under the same
// statement timeout and row cap as the reference engine's executor; and the case run is
// scored on those rows, never on the rows the engine says its SQL returned. Before it runs,
// the SQL passes the static safety check (L3), so what writes, locks, reads files or changes
// the session is never run and never a pass. An engine whose SQL cannot be run here (a live
// warehouse) opts in per engine to having its reported rows trusted; its SQL is still checked.
import { type Datasource, DatasourceError, toJsonCell } from '@nl2sql/datasource';
import type { AskResponse, ResultSet } from '@nl2sql/engine';
import type { SqlAnalysis } from './plugins.js';
import { reportedRowsDiffer } from './reported-rows.js';
import { ROWS_CHECK_CODES, type RowsCheck, type RowsCheckOutcome } from './rows-check.js';
import type { CaseTask } from './task-list.js';

/** The reference engine's statement timeout (its executor's default), for the same limits. */
export const DEFAULT_ANSWER_TIMEOUT_MS = 5000;

/**
 * Where the harness runs an external engine's SQL (runEval's `answerExecution`): each
 * datasource a case may name, by id, and the statement timeout of each query.
 */
export interface AnswerExecution {
  readonly datasources: Readonly<Record<string, Datasource>>;
  /** Default DEFAULT_ANSWER_TIMEOUT_MS. */
  readonly timeoutMs?: number;
}

/** How one case run's answer is checked before it is scored. */
export interface AnswerCheckOptions {
  /** Null only for a config that trusts its rows (resolveRunOptions refuses the rest). */
  readonly execution: AnswerExecution | null;
  /** The config opted into trusting the rows its engine reports. */
  readonly trusted: boolean;
  /** The run's row cap: the harness reads at most this many rows, as the engine may. */
  readonly maxRows: number;
  /** The project's check policy the safety check before execution follows (sqlChecks'). */
  readonly checks: AnswerChecks;
  readonly signal: AbortSignal;
}

/** Of the run's sql-check options, what the safety check before execution takes. */
export interface AnswerChecks {
  /** The parser the safety check reads the SQL with: never skipped. */
  readonly sql: SqlAnalysis;
  /** Function names vetted beyond sqlcheck's list (evals.yaml checks.allowed_functions). */
  readonly allowedFunctions?: readonly string[];
  /** The longest SQL the check reads; a longer one is unsafe-sql, unread. */
  readonly maxSqlBytes?: number;
}

/** The answer as the scorers see it, and what the check found. */
export interface CheckedAnswer {
  readonly response: AskResponse;
  readonly check: RowsCheck | null;
  /** Time the harness's own query took on the connection, in ms (0 when none ran). */
  readonly databaseMs: number;
}

// LIMIT rules guard the row count, which the datasource's cap holds here anyway: an engine
// that writes no LIMIT still has its SQL run (sql_checks reports the finding, as before).
const LIMIT_RULES = new Set(['limit-missing', 'limit-not-literal', 'limit-out-of-range']);

/** The answer failed the check: an error answer with the check's code, its SQL kept. */
function failed(
  response: AskResponse,
  outcome: Exclude<RowsCheckOutcome, 'executed' | 'trusted'>,
  message: string,
): CheckedAnswer {
  return {
    response: {
      ...response,
      status: 'error',
      results: [],
      error: { code: ROWS_CHECK_CODES[outcome], message: `${outcome}: ${message}` },
    },
    check: { outcome, message },
    databaseMs: 0,
  };
}

/** L3's findings that stop the SQL from running, as one line; null when it may run. */
async function unsafeFinding(
  sql: string,
  dialect: string,
  maxRows: number,
  checks: AnswerChecks,
): Promise<string | null> {
  const verdict = await checks.sql.checkSafety(sql, {
    dialect,
    maxLimit: maxRows + 1,
    requireLimit: false,
    ...(checks.allowedFunctions ? { allowedFunctions: checks.allowedFunctions } : {}),
    ...(checks.maxSqlBytes !== undefined ? { maxSqlBytes: checks.maxSqlBytes } : {}),
  });
  const blocking = verdict.violations.filter((v) => !LIMIT_RULES.has(v.rule));
  if (blocking.length === 0) return null;
  return blocking.map((v) => `${v.rule}: ${v.message}`).join('; ');
}

/** The case's role's own view of the datasource: its login where the datasource has one per role. */
export function asRole(datasource: Datasource, role: string | null): Datasource {
  if (role !== null && datasource.forRole && (datasource.roles?.length ?? 0) > 0) {
    return datasource.forRole(role);
  }
  return datasource;
}

/**
 * Checks one external engine's answer and gives the answer to score: on success, its rows
 * replaced by the rows its SQL returns when the harness runs it; an answer the check fails
 * becomes an error answer whose code names why (ROWS_MISMATCH, NO_SQL, UNSAFE_SQL,
 * EXECUTION_ERROR), so no score, tier or pass after it can count it. Error and clarify
 * answers are scored as they are. Null when the run was cancelled during the query.
 */
export async function checkAnswer(
  response: AskResponse,
  task: CaseTask,
  options: AnswerCheckOptions,
): Promise<CheckedAnswer | null> {
  if (response.status !== 'success') return { response, check: null, databaseMs: 0 };
  const sql = response.sql?.trim() ? response.sql : null;
  const datasource = options.execution?.datasources[task.case.datasource];
  if (sql === null) {
    if (options.trusted) {
      const message = 'the engine sent no SQL; its rows are its word';
      return { response, check: { outcome: 'trusted', message }, databaseMs: 0 };
    }
    return failed(
      response,
      'no-sql',
      'the engine answered with rows but no SQL the harness could run',
    );
  }
  const dialect = datasource?.engine ?? 'sqlite';
  const unsafe = await unsafeFinding(sql, dialect, options.maxRows, options.checks);
  if (unsafe !== null) return failed(response, 'unsafe-sql', unsafe);
  if (options.trusted)
    return { response, check: { outcome: 'trusted', message: null }, databaseMs: 0 };
  if (datasource === undefined) {
    return failed(
      response,
      'execution-error',
      `the harness has no datasource ${task.case.datasource} to run the SQL on`,
    );
  }
  let executed: ResultSet;
  let databaseMs = 0;
  try {
    const result = await asRole(datasource, task.role).execute(sql, {
      timeoutMs: options.execution?.timeoutMs ?? DEFAULT_ANSWER_TIMEOUT_MS,
      maxRows: options.maxRows,
      signal: options.signal,
    });
    databaseMs = result.elapsedMs;
    executed = {
      columns: result.columns,
      rows: result.rows.map((row) => row.map(toJsonCell)),
      truncated: result.truncated,
    };
  } catch (error) {
    if (options.signal.aborted) return null;
    const message =
      error instanceof DatasourceError
        ? `${error.code}: ${error.message}`
        : `the query failed: ${(error as Error)?.message ?? String(error)}`;
    return failed(response, 'execution-error', message);
  }
  if (response.results.length > 0) {
    const differs = reportedRowsDiffer(response.results, executed);
    if (differs !== null) return { ...failed(response, 'rows-mismatch', differs), databaseMs };
  }
  return {
    response: { ...response, results: [executed] },
    check: { outcome: 'executed', message: null },
    databaseMs,
  };
}
