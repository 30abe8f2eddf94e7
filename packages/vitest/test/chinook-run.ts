// A real run for the tests: four Chinook cases asked as admin of an in-process engine that
// answers two with the gold SQL, one with wrong SQL and one with an error, executed by the
// harness on the Chinook file. Returns the runner's report, as a team's own code would get it.
import { CHINOOK_POLICIES, CHINOOK_SUITE_PATH, chinookForTests } from '@nl2sql/datasets';
import type { Datasource } from '@nl2sql/datasource';
import { openSqlite } from '@nl2sql/datasource-sqlite';
import type { AskRequest, AskResponse, Engine, ResultCell } from '@nl2sql/engine';
import { databaseIdentity, type RunReport, runEval } from '@nl2sql/runner';
import { defaultPlugins } from '@nl2sql/runner-plugins';
import { type EvalSuite, loadSuite } from '@nl2sql/suite';

export const CASES = ['chinook_001', 'chinook_002', 'chinook_003', 'chinook_004'];
/** The wrong answer, and the case answered with an error. */
export const WRONG = { chinook_002: 'SELECT Name FROM Genre ORDER BY Name LIMIT 5' };
export const ERRORED = 'chinook_004';

class AnswersEngine implements Engine {
  readonly #byQuestion: Map<string, EvalSuite['cases'][number]>;
  constructor(
    suite: EvalSuite,
    readonly datasource: Datasource,
  ) {
    this.#byQuestion = new Map(suite.cases.map((c) => [c.question, c]));
  }

  async ask(request: AskRequest): Promise<AskResponse> {
    const c = this.#byQuestion.get(request.question);
    if (!c) throw new Error(`unknown question ${request.question}`);
    const base = { answer: null, usage: [], trace: { nodes: [], datasource: c.datasource } };
    if (c.id === ERRORED)
      return {
        ...base,
        status: 'error',
        sql: null,
        results: [],
        error: { code: 'INTERNAL', message: 'the model timed out' },
      };
    const sql = WRONG[c.id as keyof typeof WRONG] ?? (c.sql as string);
    const r = await this.datasource.execute(sql, { timeoutMs: 60_000 });
    const rows = r.rows.map((row) => row.map((v) => (typeof v === 'bigint' ? Number(v) : v)));
    return {
      ...base,
      status: 'success',
      sql,
      results: [{ columns: r.columns, rows: rows as ResultCell[][], truncated: r.truncated }],
      error: null,
    };
  }
}

export async function chinookRun(): Promise<RunReport> {
  const chinook = await chinookForTests();
  if (chinook.path === undefined) throw new Error(`no Chinook file: ${chinook.skipReason}`);
  const suite = await loadSuite(CHINOOK_SUITE_PATH);
  const datasource = await openSqlite(chinook.path);
  try {
    return await runEval({
      plugins: await defaultPlugins(),
      suite,
      configs: [{ name: 'answers', engine: new AnswersEngine(suite, datasource), external: true }],
      cases: CASES,
      roles: ['admin'],
      policy: CHINOOK_POLICIES,
      database: await databaseIdentity('chinook', datasource),
      answerExecution: { datasources: { chinook: datasource } },
      sqlChecks: { dialect: 'sqlite' },
    });
  } finally {
    await datasource.close();
  }
}
