// The Python examples in examples/ driven through the protocol's clients: the process engine
// through ProcessEngine, the HTTP engine through HttpEngine. Each answers from a lookup table
// this test writes (some questions right, one wrong on purpose, one with SQL that fails) over
// a small SQLite database this test creates with Python's own sqlite3 module.
// Needs python3: without it the tests skip with the reason printed, except under CI.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AskResponse, Engine } from '../src/engine.js';
import { EngineError } from '../src/engine-error.js';
import { HttpEngine } from '../src/http-engine.js';
import { ProcessEngine } from '../src/process-engine.js';

const EXAMPLES = fileURLToPath(new URL('../../../examples/', import.meta.url));
const PROCESS_EXAMPLE = join(EXAMPLES, 'python-process-engine', 'engine.py');
const HTTP_EXAMPLE = join(EXAMPLES, 'python-http-engine', 'engine.py');

const python = spawnSync('python3', ['--version'], { encoding: 'utf8' });
const noPython = python.error !== undefined || python.status !== 0;
const ci = !['', '0', 'false', undefined].includes(process.env.CI);
if (noPython) {
  if (ci) throw new Error('python3 is required under CI to test examples/ (not found on PATH)');
  console.warn('python-examples.test.ts: skipped, python3 is not on PATH');
}

const SCHEMA = `
CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT NOT NULL, logo BLOB);
CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER, total REAL, serial INTEGER);
INSERT INTO customers VALUES (1, 'Ada', X'00FF'), (2, 'Grace', NULL), (3, 'Linus', NULL);
INSERT INTO orders VALUES (1, 1, 10.5, 1), (2, 1, 4.25, 2), (3, 2, 99.0, 9007199254740993);
`;

/** Questions and the SQL the examples answer them with. */
const ANSWERS: Record<string, string> = {
  'How many customers are there?': 'SELECT COUNT(*) AS n FROM customers',
  'Total spent per customer?':
    'SELECT c.name, SUM(o.total) AS spent FROM customers c JOIN orders o ON o.customer_id = c.id GROUP BY c.name ORDER BY c.name',
  // Wrong on purpose: counts orders, not customers with an order.
  'How many customers have ordered?': 'SELECT COUNT(*) FROM orders',
  'Which logos and serials are stored?':
    'SELECT c.logo, o.serial FROM customers c JOIN orders o ON o.customer_id = c.id ORDER BY o.id',
  'Who is the best customer?': 'SELECT name FROM no_such_table',
};

let scratch = '';
let db = '';
let answers = '';

beforeAll(() => {
  if (noPython) return;
  scratch = mkdtempSync(join(tmpdir(), 'nl2sql-python-examples-'));
  db = join(scratch, 'shop.sqlite');
  answers = join(scratch, 'answers.json');
  const made = spawnSync(
    'python3',
    [
      '-c',
      'import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.executescript(sys.argv[2]); c.commit()',
      db,
      SCHEMA,
    ],
    { encoding: 'utf8' },
  );
  if (made.status !== 0) throw new Error(`could not build the test database: ${made.stderr}`);
  writeFileSync(answers, JSON.stringify(ANSWERS));
});

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

const ask = (engine: Engine, question: string) => engine.ask({ question, role: 'analyst' });
const rowsOf = (reply: AskResponse) => reply.results[0]?.rows;

/** What both examples must answer, whichever client reaches them. */
async function answersAsTheProtocolSays(engine: Engine, name: string): Promise<void> {
  expect(await engine.describe?.()).toEqual({
    name,
    version: '1.0.0',
    settings: { max_rows: 10000 },
  });

  const count = await ask(engine, 'How many customers are there?');
  expect(count.status).toBe('success');
  expect(count.sql).toBe(ANSWERS['How many customers are there?']);
  expect(count.results).toEqual([{ columns: ['n'], rows: [[3]], truncated: false }]);
  expect(count.error).toBeNull();

  expect(rowsOf(await ask(engine, 'Total spent per customer?'))).toEqual([
    ['Ada', 14.75],
    ['Grace', 99],
  ]);
  // The wrong answer is answered, wrongly: 3 orders, where 2 customers have ordered.
  expect(rowsOf(await ask(engine, 'How many customers have ordered?'))).toEqual([[3]]);
  // Blobs as base64: text and integers beyond 2^53 as exact text, as gold rows are written.
  expect(rowsOf(await ask(engine, 'Which logos and serials are stored?'))).toEqual([
    ['base64:AP8=', 1],
    ['base64:AP8=', 2],
    [null, '9007199254740993'],
  ]);

  const failing = await ask(engine, 'Who is the best customer?');
  expect(failing.status).toBe('error');
  expect(failing.error).toEqual({
    code: 'EXECUTION_ERROR',
    message: 'no such table: no_such_table',
  });
  expect(failing.sql).toBe('SELECT name FROM no_such_table');

  const unknown = await ask(engine, 'What is the meaning of life?');
  expect(unknown.error?.code).toBe('QUESTION_NOT_ANSWERABLE');

  // Many at once: each reply is its own question's.
  const questions = Object.keys(ANSWERS).filter((q) => !q.startsWith('Who'));
  const many = await Promise.all(
    Array.from({ length: 24 }, (_, i) => ask(engine, questions[i % questions.length] as string)),
  );
  many.forEach((reply, i) => {
    expect(reply.sql).toBe(ANSWERS[questions[i % questions.length] as string]);
  });
}

describe.skipIf(noPython)('examples/python-process-engine through ProcessEngine', () => {
  it('answers as the protocol says, many questions at once', async () => {
    const stderr: string[] = [];
    const engine = new ProcessEngine({
      command: ['python3', PROCESS_EXAMPLE, '--db', db, '--answers', answers],
      onStderr: (line) => stderr.push(line),
      log: (message) => stderr.push(message),
      // Long, so that a close within it shows the example exits by itself when stdin ends.
      closeGraceMs: 60_000,
    });
    try {
      await engine.start();
      await answersAsTheProtocolSays(engine, 'python-process-engine-example');
      const retrieval = await engine
        .retrieve({ question: 'q', datasource: 'shop' })
        .catch((error: unknown) => error);
      expect((retrieval as EngineError).code).toBe('INVALID_REQUEST');
      expect(stderr.some((line) => line.includes('python-process-engine-example: 5 answers'))).toBe(
        true,
      );
    } finally {
      const pid = engine.pid as number;
      const started = performance.now();
      await engine.close();
      // It exits on end of input, long before SIGTERM would be sent.
      expect(performance.now() - started).toBeLessThan(30_000);
      expect(() => process.kill(pid, 0)).toThrow(/ESRCH/);
    }
  });

  it('takes its configuration from the environment as well', async () => {
    const engine = new ProcessEngine({
      command: ['python3', PROCESS_EXAMPLE],
      env: { NL2SQL_EXAMPLE_DB: db, NL2SQL_EXAMPLE_ANSWERS: answers },
      onStderr: () => {},
    });
    try {
      expect(rowsOf(await ask(engine, 'How many customers are there?'))).toEqual([[3]]);
    } finally {
      await engine.close();
    }
  });

  it('without its database it exits at once: a ProcessEngineError quoting its stderr', async () => {
    const engine = new ProcessEngine({
      command: [
        'python3',
        PROCESS_EXAMPLE,
        '--db',
        join(scratch, 'missing.sqlite'),
        '--answers',
        answers,
      ],
      onStderr: () => {},
    });
    const error = await engine.start().catch((e: unknown) => e);
    expect((error as Error).name).toBe('ProcessEngineError');
    expect((error as Error).message).toMatch(
      /exited with code 2 before answering its first request/,
    );
    expect((error as Error).message).toContain('missing.sqlite: no such file');
    await engine.close();
  });
});

describe.skipIf(noPython)('examples/python-http-engine through HttpEngine', () => {
  let server: ChildProcess | undefined;
  let url = '';

  beforeAll(async () => {
    server = spawn('python3', [HTTP_EXAMPLE, '--db', db, '--answers', answers, '--port', '0'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stderr?.resume();
    const lines = createInterface({ input: server.stdout as NodeJS.ReadableStream });
    url = await new Promise<string>((resolve, reject) => {
      lines.once('line', resolve);
      server?.once('exit', (code) => reject(new Error(`the HTTP example exited with ${code}`)));
    });
  });

  afterAll(async () => {
    if (!server || server.exitCode !== null) return;
    const exited = new Promise((resolve) => server?.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  });

  it('answers as the protocol says, GET /describe included', async () => {
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const engine = new HttpEngine({ url });
    try {
      await answersAsTheProtocolSays(engine, 'python-http-engine-example');
      const retrieval = await engine
        .retrieve({ question: 'q', datasource: 'shop' })
        .catch((error: unknown) => error);
      expect(retrieval).toBeInstanceOf(EngineError);
      expect((retrieval as EngineError).message).toContain('HTTP 501');
    } finally {
      await engine.close();
    }
  });
});
