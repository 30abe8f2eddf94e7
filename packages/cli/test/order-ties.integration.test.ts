// Rows the gold's ORDER BY leaves tied (issue 24, section 2), end to end with CLI commands: a
// small SQLite database of authors (three tie on 5 papers), question/SQL pairs imported with
// `suite import`, regenerated (no byte changes), approved, then `eval run` against an HTTP
// engine on 127.0.0.1. Tied rows in another order pass; rows across groups fail; a top-3 that
// cuts through the tie passes with any tied rows at the boundary and fails with a wrong row.
// The engine reports exactly the rows its SQL returns on the database (computed here).
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqlite, type SqliteDatasource } from '@nl2sql/datasource-sqlite';
import { type EvalCase, loadSuite } from '@nl2sql/suite';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { EXIT } from '../src/index.js';
import { cli } from './authoring-project.js';
import { type EngineReply, startEngineServer, type TestEngineServer } from './engine-server.js';
import { writeDatabase } from './sqlite-file.js';

const EVALS = (url: string) => `version: 1
datasources:
  lab:
    engine: sqlite
    path: lab.sqlite
policy:
  roles:
    analyst:
      tables: [author]
suites: [suite.yaml]
engines:
  mine: { kind: http, url: '${url}' }
default_engine: mine
`;

const PAIRS: Record<string, { question: string; sql: string }> = {
  ranking: {
    question: 'Rank the authors by their number of papers.',
    sql: 'SELECT name, papers AS number_of_papers FROM author ORDER BY number_of_papers DESC',
  },
  names: {
    question: 'Name the authors, the most prolific first.',
    sql: 'SELECT name FROM author ORDER BY papers DESC',
  },
  top3: {
    question: 'Who are the three most prolific authors?',
    sql: 'SELECT name FROM author ORDER BY papers DESC LIMIT 3',
  },
  top3_again: {
    question: 'Which three authors wrote the most papers?',
    sql: 'SELECT name FROM author ORDER BY papers DESC LIMIT 3',
  },
};
const pairsJsonl = Object.entries(PAIRS)
  .map(([id, p]) => JSON.stringify({ id, ...p, order_matters: true }))
  .join('\n');

let dir: string;
let db: SqliteDatasource;
let server: TestEngineServer;
/** The engine's SQL per question; its rows are what that SQL returns on the database. */
const engineSql = new Map<string, string>();
const engineRows = new Map<string, { columns: string[]; rows: unknown[][] }>();

const answer: EngineReply = ({ question }) => {
  const sql = engineSql.get(question) ?? 'SELECT 1';
  const result = engineRows.get(question) ?? { columns: ['x'], rows: [[1]] };
  return {
    status: 'success',
    sql,
    results: [{ ...result, truncated: false }],
    answer: null,
    error: null,
    usage: [],
    trace: { datasource: 'lab' },
  };
};

async function engineAnswers(sqlById: Record<string, string>): Promise<void> {
  for (const [id, sql] of Object.entries(sqlById)) {
    const question = PAIRS[id]!.question;
    const r = await db.execute(sql);
    engineSql.set(question, sql);
    engineRows.set(question, { columns: [...r.columns], rows: r.rows });
  }
}

beforeAll(async () => {
  server = await startEngineServer(answer);
  dir = await mkdtemp(join(tmpdir(), 'nl2sql-ties-'));
  await writeDatabase(join(dir, 'lab.sqlite'), [
    'CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT NOT NULL, papers INTEGER NOT NULL)',
    // Out of name order; Bob, Cyd and Dee have 5 papers each, Eve and Fay 2.
    "INSERT INTO author VALUES (4, 'Dee', 5), (1, 'Ada', 7), (6, 'Fay', 2), (2, 'Bob', 5), (5, 'Eve', 2), (3, 'Cyd', 5)",
  ]);
  await writeFile(join(dir, 'evals.yaml'), EVALS(server.url));
  await writeFile(join(dir, 'suite.yaml'), 'name: lab\nversion: 1\ncases: []\n');
  await writeFile(join(dir, 'pairs.jsonl'), `${pairsJsonl}\n`);
  db = await openSqlite(join(dir, 'lab.sqlite'));
});
afterAll(async () => {
  await server?.close();
  await db?.close();
});

type Run = {
  case_id: string;
  status: string;
  scores: Record<string, { pass: boolean; explanation?: string | null; detail?: unknown }>;
};
async function evalRun(): Promise<Map<string, Run>> {
  const r = await cli(dir, 'eval', 'run', '--json');
  expect(r.code, r.err).toBe(EXIT.ok);
  const runs =
    (JSON.parse(r.out) as { report: { configs: { cases: Run[] }[] } }).report.configs[0]?.cases ??
    [];
  return new Map(runs.map((c) => [c.case_id, c]));
}

let cases: Map<string, EvalCase>;

describe('order up to the ties of the gold ORDER BY, on an imported suite', () => {
  test('import records the tie groups the database finds; regenerate keeps every byte; approve', async () => {
    const imported = await cli(dir, 'suite', 'import', 'pairs.jsonl');
    expect(imported.code, imported.err).toBe(EXIT.ok);
    const file = join(dir, 'suite.yaml');
    const afterImport = await readFile(file, 'utf8');
    const regenerated = await cli(dir, 'suite', 'regenerate');
    expect(regenerated.code, regenerated.err).toBe(EXIT.ok);
    expect(regenerated.err).toBe('');
    expect(await readFile(file, 'utf8')).toBe(afterImport);
    const approved = await cli(dir, 'suite', 'review', '--approve', Object.keys(PAIRS).join(','));
    expect(approved.code, approved.err).toBe(EXIT.ok);
    cases = new Map((await loadSuite(file)).cases.map((c) => [c.id, c]));
    expect(cases.get('ranking')?.order_ties).toEqual({ groups: [1, 3, 2] });
    // The key is not selected: the database still says which rows tie.
    expect(cases.get('names')?.order_ties).toEqual({ groups: [1, 3, 2] });
    expect(cases.get('top3')?.order_ties).toEqual({
      groups: [1, 2],
      boundary_rows: [['Bob'], ['Cyd'], ['Dee']],
    });
  });

  test('eval run: tied rows in another order pass; rows across tie groups fail', async () => {
    const top = cases.get('top3')!;
    const gold = (top.rows ?? []).map((r) => String(r[0]));
    // A tied author the gold's top 3 does not show, and one it shows.
    const other = ['Bob', 'Cyd', 'Dee'].find((n) => !gold.includes(n))!;
    await engineAnswers({
      ranking: 'SELECT name, papers FROM author ORDER BY papers DESC, name DESC',
      names: 'SELECT name FROM author ORDER BY papers ASC',
      top3: `SELECT name FROM author WHERE name IN ('Ada', '${other}', '${gold[1]}') ORDER BY papers DESC`,
      top3_again: `SELECT name FROM author WHERE name IN ('Ada', '${other}', 'Eve') ORDER BY papers DESC`,
    });
    // The engine's ranking differs from the gold's rows in order only.
    const ranking = engineRows.get(PAIRS.ranking!.question)!.rows;
    expect(ranking).not.toEqual(cases.get('ranking')?.rows);
    const runs = await evalRun();

    expect(runs.get('ranking')?.status).toBe('pass');
    expect(runs.get('ranking')?.scores.result_match?.detail).toMatchObject({
      strict: { pass: true, ties: { groups: 3, cut: null } },
    });

    const names = runs.get('names')!;
    expect(names.status).toBe('fail');
    expect(names.scores.result_match?.explanation).toContain(
      'same rows, wrong order: row 1 (placed by the gold ORDER BY, no tie) holds another row',
    );

    // Top 3 through the tie: another tied author at the boundary passes...
    const cut = runs.get('top3')!;
    expect(cut.status).toBe('pass');
    expect(
      (cut.scores.result_match?.detail as { strict: { ties_rule: string } } | undefined)?.strict
        .ties_rule,
    ).toBe(
      "order compared up to 2 tie group(s) of the gold ORDER BY; the LIMIT cuts through the last group, so any 2 of its 3 tied rows are accepted at rows 2-3: the result's rows there are rows of that group",
    );
    // ...an author outside the tie does not.
    const wrong = runs.get('top3_again')!;
    expect(wrong.status).toBe('fail');
    expect(wrong.scores.result_match?.explanation).toContain(
      "the result's rows there are not all rows of that group",
    );
  });
});
