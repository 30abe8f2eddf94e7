// An engine over a real database for the tests of the harness's own execution: it answers
// each allowed question with the case's gold SQL and the rows it reads, as an honest system
// would, or tells one of the lies a system under test can tell about its rows (the suite's
// gold rows beside SQL that does not return them, or beside no SQL at all). Refusals and
// unanswerable questions it answers truthfully, so only rows are in question.

import { type Datasource, toJsonCell } from '@nl2sql/datasource';
import type { AskRequest, AskResponse, Engine, ResultSet } from '@nl2sql/engine';
import { GENERIC_REFUSAL } from '@nl2sql/engine';
import type { EvalCase, EvalSuite } from '@nl2sql/suite';

export const LIES = [
  /** Gold SQL and its rows. */
  'honest',
  /** Gold SQL, no rows sent (the protocol's rows are optional). */
  'silent',
  /** `SELECT 42` with the gold rows. */
  'constant',
  /** Gold SQL with its rows changed by one (a count off by one, a row dropped). */
  'off-by-one',
  /** No SQL, the gold rows. */
  'no-sql',
  /** A write that returns rows (`DELETE ... RETURNING`), with the gold rows. */
  'delete-returning',
  /** A session setting (`PRAGMA query_only = 0`), with the gold rows. */
  'pragma',
] as const;
export type Lie = (typeof LIES)[number];

/** The suite's gold rows as a result set: what a lying engine reports. */
function goldRows(c: EvalCase): ResultSet {
  const rows = c.rows ?? [];
  const width = rows[0]?.length ?? 1;
  return {
    columns: Array.from({ length: width }, (_, i) => `c${i + 1}`),
    rows: rows.map((r) => [...r]),
    truncated: false,
  };
}

/** The rows changed by one: the first number plus one, else one row fewer (or one more). */
function offByOne(result: ResultSet): ResultSet {
  const rows = result.rows.map((r) => [...r]);
  for (const row of rows) {
    const i = row.findIndex((v) => typeof v === 'number');
    if (i >= 0) {
      row[i] = (row[i] as number) + 1;
      return { ...result, rows };
    }
  }
  return { ...result, rows: rows.length > 0 ? rows.slice(1) : [['extra']] };
}

export class LyingEngine implements Engine {
  readonly #byQuestion: Map<string, EvalCase>;

  constructor(
    suite: EvalSuite,
    readonly datasource: Datasource,
    readonly lie: Lie,
  ) {
    this.#byQuestion = new Map(suite.cases.map((c) => [c.question, c]));
  }

  async describe() {
    return { name: `lying-engine-${this.lie}`, version: '1.0.0' };
  }

  async ask(request: AskRequest): Promise<AskResponse> {
    const c = this.#byQuestion.get(request.question);
    if (!c) throw new Error(`unknown question ${request.question}`);
    const base = { answer: null, usage: [], trace: {} };
    const outcome = c.outcome[request.role] ?? 'allowed';
    if (outcome === 'refused')
      return {
        ...base,
        status: 'error',
        sql: null,
        results: [],
        error: { code: 'SECURITY_VIOLATION', message: GENERIC_REFUSAL },
      };
    if (outcome === 'unanswerable' || c.sql === undefined)
      return {
        ...base,
        status: 'error',
        sql: null,
        results: [],
        error: { code: 'QUESTION_NOT_ANSWERABLE', message: 'no datasource can answer this' },
      };
    const success = { ...base, status: 'success' as const, error: null };
    switch (this.lie) {
      case 'constant':
        return { ...success, sql: 'SELECT 42', results: [goldRows(c)] };
      case 'no-sql':
        return { ...success, sql: null, results: [goldRows(c)] };
      case 'delete-returning':
        return {
          ...success,
          sql: 'DELETE FROM Genre WHERE GenreId < 0 RETURNING GenreId',
          results: [goldRows(c)],
        };
      case 'pragma':
        return { ...success, sql: 'PRAGMA query_only = 0', results: [goldRows(c)] };
      default:
        break;
    }
    const r = await this.datasource.execute(c.sql, { timeoutMs: 60_000 });
    const read: ResultSet = {
      columns: r.columns,
      rows: r.rows.map((row) => row.map(toJsonCell)),
      truncated: r.truncated,
    };
    if (this.lie === 'silent') return { ...success, sql: c.sql, results: [] };
    if (this.lie === 'off-by-one') return { ...success, sql: c.sql, results: [offByOne(read)] };
    return { ...success, sql: c.sql, results: [read] };
  }
}
