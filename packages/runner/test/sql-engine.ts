// An engine for the runner's tests that runs real SQL: each case's gold, or the SQL a test
// gives for it, on a real database, with the outcome map's refusals and unanswerables.

import type { CellValue, Datasource } from '@nl2sql/datasource';
import type { AskRequest, AskResponse, Engine, ResultCell } from '@nl2sql/engine';
import { GENERIC_REFUSAL } from '@nl2sql/engine';
import type { EvalSuite } from '@nl2sql/suite';

/** A database cell as the protocol carries it (Chinook has no blobs; big integers as numbers). */
function cell(value: CellValue): ResultCell {
  if (typeof value === 'bigint') return Number(value);
  if (Buffer.isBuffer(value)) return value.toString('base64');
  return value;
}

export class SqlEngine implements Engine {
  readonly #byQuestion: Map<string, EvalSuite['cases'][number]>;

  constructor(
    suite: EvalSuite,
    readonly datasource: Datasource,
    /** Case id -> the SQL to answer with instead of the gold. */
    readonly answers: Readonly<Record<string, string>> = {},
  ) {
    this.#byQuestion = new Map(suite.cases.map((c) => [c.question, c]));
  }

  async ask(request: AskRequest): Promise<AskResponse> {
    const c = this.#byQuestion.get(request.question);
    if (!c) throw new Error(`unknown question ${request.question}`);
    const trace = { nodes: [], datasource: c.datasource, curated: false };
    const outcome = c.outcome[request.role] ?? 'allowed';
    const none = { sql: null, results: [], answer: null, usage: [], trace };
    if (outcome === 'refused')
      return {
        ...none,
        status: 'error',
        error: { code: 'SECURITY_VIOLATION', message: GENERIC_REFUSAL },
      };
    const sql = this.answers[c.id] ?? c.sql;
    if (outcome === 'unanswerable' || sql === undefined)
      return {
        ...none,
        status: 'error',
        error: { code: 'QUESTION_NOT_ANSWERABLE', message: 'no datasource can answer this' },
      };
    try {
      const r = await this.datasource.execute(sql, { timeoutMs: 60_000 });
      return {
        status: 'success',
        sql,
        results: [
          { columns: r.columns, rows: r.rows.map((row) => row.map(cell)), truncated: r.truncated },
        ],
        answer: null,
        error: null,
        usage: [],
        trace,
      };
    } catch (error) {
      return {
        ...none,
        sql,
        status: 'error',
        error: { code: 'EXECUTION_ERROR', message: (error as Error).message },
      };
    }
  }
}
