import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type EvalCase, loadSuite } from '@nl2sql/suite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../src/index.js';
import { cli } from './authoring-project.js';
import { startEngineServer, type TestEngineServer } from './engine-server.js';
import { writeBird, writeConcerts, writeSpider } from './fixtures/benchmark-files.js';

// What the engine answers, by question: set by each test from its imported suite. A question
// in `wrong` is answered with SQL whose rows differ from the gold's.
let answers = new Map<string, EvalCase>();
let wrong = new Set<string>();
const asked: Array<Record<string, unknown>> = [];
let server: TestEngineServer;

beforeAll(async () => {
  server = await startEngineServer((body) => {
    asked.push(body);
    const c = answers.get(body.question);
    const sql = c === undefined || wrong.has(body.question) ? 'SELECT 41' : (c.sql as string);
    const rows = c === undefined || wrong.has(body.question) ? [[41]] : (c.rows ?? []);
    return {
      status: 'success',
      sql,
      results: [{ columns: rows[0]?.map((_, i) => `c${i}`) ?? [], rows, truncated: false }],
      answer: null,
      error: null,
      usage: [],
      trace: {},
    };
  });
});
afterAll(async () => {
  await server?.close();
});

async function imported(dir: string): Promise<EvalCase[]> {
  return (await loadSuite(join(dir, 'suites', `${dir.includes('bird') ? 'bird' : 'spider'}.yaml`)))
    .cases;
}

describe('nl2sql suite import --format spider', () => {
  it('writes a project of one datasource per db_id; lint, regenerate, approve all and a run follow', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'nl2sql-spider-'));
    await writeSpider(dir);
    const r = await cli(
      dir,
      ...['suite', 'import', '--format', 'spider', 'dev.json', '--tables', 'tables.json'],
      ...['--db-dir', 'database'],
    );
    expect(r.code, r.err).toBe(EXIT.failed);
    expect(r.err.split('\n').filter(Boolean)).toEqual([
      'wrote evals.yaml, suites/spider.yaml, README.md: 2 datasource(s), one per db_id, no policy (docs/evals-yaml.md)',
      'left out: dev.json:6: the SQL fails on pets_1: SQLITE_ERROR: no such table: pet',
      'left out: dev.json:7: db_id: db_id flight_2 is not in tables.json',
    ]);
    expect(r.out).toContain(
      'suites/spider.yaml: added 4 draft case(s) from dev.json; 2 pair(s) left out',
    );
    const evals = await readFile(join(dir, 'evals.yaml'), 'utf8');
    expect(evals).toContain(
      'concert_singer:\n    engine: sqlite\n    path: database/concert_singer/concert_singer.sqlite',
    );
    expect(evals).toContain('pets_1:\n    engine: sqlite\n    path: database/pets_1/pets_1.sqlite');
    expect(evals).not.toContain('policy:');
    const cases = await imported(dir);
    expect(cases.map((c) => [c.datasource, c.order_matters, c.outcome, c.source])).toEqual([
      [
        'concert_singer',
        false,
        { analyst: 'allowed' },
        { kind: 'imported', file: '../dev.json', line: 2 },
      ],
      [
        'concert_singer',
        true,
        { analyst: 'allowed' },
        { kind: 'imported', file: '../dev.json', line: 3 },
      ],
      // An ORDER BY inside a subquery does not order the result (Spider's rule).
      [
        'concert_singer',
        false,
        { analyst: 'allowed' },
        { kind: 'imported', file: '../dev.json', line: 4 },
      ],
      ['pets_1', false, { analyst: 'allowed' }, { kind: 'imported', file: '../dev.json', line: 5 }],
    ]);
    expect(cases[1]?.rows).toEqual([
      ['Joe Sharp', 52],
      ['Rose White', 41],
      ['Timbaland', 32],
      ['Justin Brown', 29],
    ]);

    const lint = await cli(dir, 'suite', 'lint');
    expect(lint.code, lint.out).toBe(EXIT.ok);
    const regenerate = await cli(dir, 'suite', 'regenerate');
    expect(regenerate.code, regenerate.err).toBe(EXIT.ok);
    const approve = await cli(dir, 'suite', 'review', '--approve', 'all');
    expect(approve.code, approve.err).toBe(EXIT.ok);
    expect(approve.out).toContain('suites/spider.yaml: approved 4 case(s)\n0 draft case(s) left');

    answers = new Map((await imported(dir)).map((c) => [c.question, c]));
    wrong = new Set(['How many dogs are there?']);
    const run = await cli(dir, 'eval', 'run', '--engine', server.url);
    expect(run.code, run.err).toBe(EXIT.ok);
    expect(run.out).toMatch(/accuracy strict\s+3\/4 /);
    expect(run.err).toMatch(/how_many_dogs_are_there_[0-9a-f]{10} analyst fail/);
  });

  it('refuses a project lacking a db_id, printing the datasource lines to add (exit 3)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'nl2sql-spider-'));
    await writeSpider(dir);
    const first = await cli(dir, 'init', '--db', 'database/pets_1/pets_1.sqlite');
    expect(first.code, first.err).toBe(EXIT.ok);
    const r = await cli(
      dir,
      ...['suite', 'import', '--format', 'spider', 'dev.json', '--tables', 'tables.json'],
      ...['--db-dir', 'database'],
    );
    expect(r.code).toBe(EXIT.config);
    expect(r.err).toContain(
      'no datasource for 1 db_id(s) of the spider file; add under datasources: (nothing was written)',
    );
    expect(r.err).toContain(
      '  concert_singer:\n    engine: sqlite\n    path: database/concert_singer/concert_singer.sqlite',
    );
  });

  it('says which flag a format needs (exit 2)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'nl2sql-spider-'));
    const r = await cli(dir, 'suite', 'import', '--format', 'spider', 'dev.json', '--db-dir', 'd');
    expect(r.code).toBe(EXIT.usage);
    expect(r.err).toContain('--format spider needs --tables');
  });
});

describe('nl2sql suite import --format bird', () => {
  it('keeps the evidence, tags the difficulty, and sends the evidence in the ask', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'nl2sql-bird-'));
    await writeBird(dir);
    const r = await cli(
      dir,
      'suite',
      'import',
      '--format',
      'bird',
      'dev.json',
      '--db-dir',
      'dev_databases',
    );
    expect(r.code, r.err).toBe(EXIT.ok);
    const cases = await imported(dir);
    expect(cases.map((c) => [c.id, c.tags, c.evidence, c.order_matters])).toEqual([
      ['bird_0', ['difficulty:simple'], 'over 35 refers to age > 35', false],
      ['bird_1', ['difficulty:moderate'], undefined, false],
      [
        'bird_2',
        ['difficulty:challenging'],
        'gave a concert refers to singer_id in concert',
        false,
      ],
    ]);
    expect((await cli(dir, 'suite', 'lint')).code).toBe(EXIT.ok);
    expect((await cli(dir, 'suite', 'regenerate')).code).toBe(EXIT.ok);
    const approve = await cli(dir, 'suite', 'review', '--approve', 'all');
    expect(approve.out).toContain('approved 3 case(s)');
    answers = new Map((await imported(dir)).map((c) => [c.question, c]));
    wrong = new Set();
    asked.length = 0;
    const run = await cli(dir, 'eval', 'run', '--engine', server.url);
    expect(run.code, run.err).toBe(EXIT.ok);
    expect(run.out).toMatch(/accuracy strict\s+3\/3 /);
    expect(asked.find((a) => a.question === 'How many French singers are over 35?')).toMatchObject({
      evidence: 'over 35 refers to age > 35',
    });
  });
});

describe('nl2sql suite import --format dataset (spec 001 §12 records)', () => {
  it('imports a record with its date and notes, checking role, behaviour and tables against the project', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'nl2sql-records-'));
    await writeConcerts(join(dir, 'concerts.sqlite'));
    expect((await cli(dir, 'init', '--db', 'concerts.sqlite')).code).toBe(EXIT.ok);
    await writeFile(
      join(dir, 'records.yaml'),
      [
        '- id: concerts-2014',
        '  question: How many concerts were there this year?',
        '  role: analyst',
        '  as_of_date: "2014-06-30"',
        '  gold_sql: [SELECT COUNT(*) FROM concert WHERE year = 2014]',
        '  gold_result_ordered: false',
        '  gold_tables: [concert]',
        '  tags: {difficulty: easy, domain: music}',
        '  expected_behavior: answer',
        '  notes: This year is the as_of_date year.',
        '- question: Which singers are there?',
        '  role: analyst',
        '  gold_sql: SELECT name FROM singer',
        '  expected_behavior: refuse',
        '- question: Oldest singer?',
        '  gold_sql: SELECT max(age) FROM singer',
        '  gold_tables: [singers]',
        '- question: Who?',
        '  role: finance',
        '  gold_sql: SELECT name FROM singer',
      ].join('\n'),
    );
    const r = await cli(dir, 'suite', 'import', '--format', 'dataset', 'records.yaml');
    expect(r.code).toBe(EXIT.failed);
    expect(r.err.split('\n').filter(Boolean)).toEqual([
      'left out: records.yaml:11: expected_behavior refuse, but the policy gives role analyst allowed for the tables the SQL reads [singer]',
      'left out: records.yaml:15: gold_tables [singers], but the SQL reads [singer]',
      "left out: records.yaml:18: role finance is not one of the policy's roles (analyst)",
    ]);
    const [c] = (await loadSuite(join(dir, 'suites', 'concerts.yaml'))).cases;
    expect(c).toMatchObject({
      id: 'concerts-2014',
      as_of_date: '2014-06-30',
      notes: 'This year is the as_of_date year.',
      tags: ['difficulty:easy', 'domain:music'],
      order_matters: false,
      tables: ['concert'],
      rows: [[2]],
    });
    expect((await cli(dir, 'suite', 'lint')).code).toBe(EXIT.ok);
    expect((await cli(dir, 'suite', 'review', '--approve', 'all')).code).toBe(EXIT.ok);
    answers = new Map([[c?.question as string, c as EvalCase]]);
    wrong = new Set();
    asked.length = 0;
    const run = await cli(dir, 'eval', 'run', '--engine', server.url);
    expect(run.out).toMatch(/accuracy strict\s+1\/1 /);
    expect(asked[0]).toMatchObject({ as_of_date: '2014-06-30' });
  });

  it('imports expected_behavior clarify as a clarify case: its notes the reason, its SQL kept as a reading', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'nl2sql-records-'));
    await writeConcerts(join(dir, 'concerts.sqlite'));
    expect((await cli(dir, 'init', '--db', 'concerts.sqlite')).code).toBe(EXIT.ok);
    await writeFile(
      join(dir, 'records.yaml'),
      [
        '- id: best-singer',
        '  question: Who is the best singer?',
        '  gold_sql: [SELECT name FROM singer ORDER BY age LIMIT 1]',
        '  expected_behavior: clarify',
        '  notes: best is not defined (by age, by concerts sung)',
        '- question: Who is the oldest?',
        '  gold_sql: SELECT max(age) FROM singer',
        '  expected_behavior: clarify',
      ].join('\n'),
    );
    const r = await cli(dir, 'suite', 'import', '--format', 'dataset', 'records.yaml');
    expect(r.err.split('\n').filter(Boolean)).toEqual([
      "left out: records.yaml:6: notes: expected_behavior clarify needs notes saying why the question is ambiguous (they become the case's clarify_reason)",
    ]);
    const [c] = (await loadSuite(join(dir, 'suites', 'concerts.yaml'))).cases;
    expect(c).toMatchObject({
      id: 'best-singer',
      outcome: { analyst: 'clarify' },
      clarify_reason: 'best is not defined (by age, by concerts sung)',
      tables: ['singer'],
      tags: ['ambiguous'],
    });
    expect(c?.notes).toContain('SELECT name FROM singer ORDER BY age LIMIT 1');
    expect(c).not.toHaveProperty('sql');
    expect(c).not.toHaveProperty('rows');
    expect((await cli(dir, 'suite', 'lint')).code).toBe(EXIT.ok);
    expect((await cli(dir, 'suite', 'review', '--approve', 'all')).code).toBe(EXIT.ok);
    // The test engine answers every question with SQL: a guess where it should have asked.
    answers = new Map();
    const run = await cli(dir, 'eval', 'run', '--engine', server.url);
    expect(run.out).toMatch(/accuracy strict\s+0\/1 /);
    expect(run.out).toMatch(/guessed\s+1 /);
  });
});
