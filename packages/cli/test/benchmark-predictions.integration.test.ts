// A public benchmark's files in each format `suite import` reads (Spider, BIRD, spec 001 §12
// dataset records, defog sql-eval questions), small and built here: imported, approved, then
// scored twice with the same SQL per question, once by an HTTP engine answering it (the
// harness runs the SQL) and once from a predictions file; the verdicts must be the same,
// case run by case run. Spider and BIRD are also scored from their own prediction layouts.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type EvalCase, loadSuite } from '@nl2sql/suite';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { EXIT } from '../src/index.js';
import { cli } from './authoring-project.js';
import { startEngineServer, type TestEngineServer } from './engine-server.js';
import { writeBird, writeConcerts, writeSpider } from './fixtures/benchmark-files.js';

// What the system under test answers, by question: set per format from its imported suite.
let answers = new Map<string, string>();
let server: TestEngineServer;
beforeAll(async () => {
  server = await startEngineServer(({ question }) => ({
    status: 'success',
    sql: answers.get(question) ?? null,
    answer: null,
    error: null,
    usage: [],
    trace: {},
  }));
});
afterAll(async () => {
  await server?.close();
});

/** Imports a format's fixture into a new folder and approves every draft; its cases. */
const FORMATS: Record<string, (dir: string) => Promise<string[]>> = {
  spider: async (dir) => {
    await writeSpider(dir);
    return ['--format', 'spider', 'dev.json', '--tables', 'tables.json', '--db-dir', 'database'];
  },
  bird: async (dir) => {
    await writeBird(dir);
    return ['--format', 'bird', 'dev.json', '--db-dir', 'dev_databases'];
  },
  dataset: async (dir) => {
    await writeConcerts(join(dir, 'concerts.sqlite'));
    expect((await cli(dir, 'init', '--db', 'concerts.sqlite')).code).toBe(EXIT.ok);
    writeFileSync(
      join(dir, 'records.yaml'),
      [
        '- id: concerts-2014',
        '  question: How many concerts were there in 2014?',
        '  gold_sql: [SELECT COUNT(*) FROM concert WHERE year = 2014]',
        '- id: oldest-first',
        '  question: Singers, oldest first?',
        '  gold_sql: SELECT name FROM singer ORDER BY age DESC',
        '  gold_result_ordered: true',
        '- id: french',
        '  question: Which singers are French?',
        "  gold_sql: SELECT name FROM singer WHERE country = 'France'",
      ].join('\n'),
    );
    return ['--format', 'dataset', 'records.yaml'];
  },
  defog: async (dir) => {
    await writeConcerts(join(dir, 'concerts.sqlite'));
    expect((await cli(dir, 'init', '--db', 'concerts.sqlite')).code).toBe(EXIT.ok);
    writeFileSync(
      join(dir, 'questions_gen_sqlite.csv'),
      [
        'db_name,db_type,query_category,query,question,instructions',
        'concerts,sqlite,aggregation,SELECT COUNT(*) FROM concert WHERE year = 2014,How many concerts were there in 2014?,',
        'concerts,sqlite,order_by,"SELECT {name, singer_id} FROM singer ORDER BY age DESC",Singers oldest first?,Order by age',
        "concerts,sqlite,where,SELECT name FROM singer WHERE country = 'France',Which singers are French?,",
      ].join('\n'),
    );
    return ['--format', 'defog', 'questions_gen_sqlite.csv'];
  },
};

async function importFormat(format: string): Promise<{ dir: string; cases: EvalCase[] }> {
  const dir = await mkdtemp(join(tmpdir(), `nl2sql-${format}-predictions-`));
  const args = await (FORMATS[format] as (d: string) => Promise<string[]>)(dir);
  const imported = await cli(dir, 'suite', 'import', ...args);
  // Spider's fixture leaves two broken pairs out (exit 1); the others import cleanly.
  expect(imported.code, imported.err).toBe(format === 'spider' ? EXIT.failed : EXIT.ok);
  const approved = await cli(dir, 'suite', 'review', '--approve', 'all');
  expect(approved.code, approved.err).toBe(EXIT.ok);
  const [suite] = readdirSync(join(dir, 'suites'));
  return { dir, cases: (await loadSuite(join(dir, 'suites', suite as string))).cases };
}

/** Each case run's verdicts in a saved report, in case order. */
function verdicts(file: string): string[] {
  const saved = JSON.parse(readFileSync(file, 'utf8'));
  return (saved.report.configs[0].cases as Array<Record<string, string | null>>).map(
    (c) => `${c.case_id} ${c.role} ${c.status} ${c.lenient_status}`,
  );
}

/** The answer to the i-th case: the first one wrong, the last one refused by the database. */
function answer(c: EvalCase, i: number, n: number): string {
  if (i === 0) return 'SELECT 41';
  if (i === n - 1) return 'SELECT name FROM no_such_table';
  return c.sql as string;
}

describe.each(Object.keys(FORMATS))(
  'a %s benchmark: imported, scored from a predictions file as by an engine',
  (format) => {
    let dir: string;
    let cases: EvalCase[];
    let sql: string[];
    let engine: string[];
    beforeAll(async () => {
      ({ dir, cases } = await importFormat(format));
      expect(cases.length).toBeGreaterThanOrEqual(3);
      sql = cases.map((c, i) => answer(c, i, cases.length));
      answers = new Map(cases.map((c, i) => [c.question, sql[i] as string]));
      const run = await cli(dir, 'eval', 'run', '--engine', server.url, '--save', 'engine.json');
      expect(run.code, run.err).toBe(EXIT.ok);
      engine = verdicts(join(dir, 'engine.json'));
      // Worth comparing: passes, a wrong answer and one the database refuses.
      expect(engine.filter((v) => v.endsWith(' pass pass')).length).toBe(cases.length - 2);
      expect(engine.filter((v) => v.includes(' fail ')).length).toBe(2);
    });

    test("JSONL predictions give the engine run's verdicts", async () => {
      const lines = cases.map((c, i) => JSON.stringify({ id: c.id, sql: sql[i] }));
      writeFileSync(join(dir, 'preds.jsonl'), `${lines.join('\n')}\n`);
      const run = await cli(
        dir,
        'eval',
        'run',
        '--predictions',
        'preds.jsonl',
        '--save',
        'preds.json',
      );
      expect(run.code, run.err).toBe(EXIT.ok);
      expect(verdicts(join(dir, 'preds.json'))).toEqual(engine);
    });

    if (format === 'spider' || format === 'bird')
      test("the benchmark's own prediction layout gives the same verdicts", async () => {
        const file = format === 'spider' ? 'pred.sql' : 'predict_dev.json';
        const text =
          format === 'spider'
            ? `${cases.map((c, i) => `${sql[i]}\t${c.datasource}`).join('\n')}\n`
            : JSON.stringify(
                Object.fromEntries(
                  cases.map((c, i) => [String(i), `${sql[i]}\t----- bird -----\t${c.datasource}`]),
                ),
                null,
                4,
              );
        writeFileSync(join(dir, file), text);
        const run = await cli(
          dir,
          'eval',
          'run',
          '--predictions',
          file,
          '--save',
          `${file}.saved.json`,
        );
        expect(run.code, run.err).toBe(EXIT.ok);
        expect(verdicts(join(dir, `${file}.saved.json`))).toEqual(engine);
      });
  },
);
