// biome-ignore-all lint/suspicious/noTemplateCurlyInString: evals.yaml text holds ${env:VAR} references
// `eval run --predictions FILE` scores a file of answers as an external engine whose SQL the
// harness runs: in each layout (JSONL, CSV, Spider's lines, BIRD's lines and its JSON object)
// the same SQL gives the same verdicts as an HTTP engine answering it; the record names the
// file and its digest; a bad file is refused with located problems; a case without a
// prediction is a failed case run, never a skipped one.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { EXIT, main } from '../src/index.js';
import { type EngineReply, startEngineServer, type TestEngineServer } from './engine-server.js';
import { GOLD, writeShopProject } from './fixtures/shop-project.js';
import { captureIo } from './io-capture.js';

const ENV = { SHOP_ENGINE_TOKEN: 'token' };

/** The suite's cases in file order, with what the system under test answers for each. */
const ANSWERS: ReadonlyArray<{ id: string; question: string; db: string; sql: string }> = [
  // Right.
  {
    id: 'shop_customers',
    question: 'How many customers are there?',
    db: 'shop',
    sql: 'SELECT COUNT(*) FROM customers',
  },
  // Wrong: one order left out.
  {
    id: 'shop_orders',
    question: 'What do all orders come to?',
    db: 'shop',
    sql: 'SELECT SUM(total) FROM orders WHERE id > 1',
  },
  // Right, with a comma the CSV must quote.
  {
    id: 'shop_oslo',
    question: 'Which customers live in Oslo?',
    db: 'shop',
    sql: "SELECT name FROM customers WHERE city IN ('Oslo', 'x') ORDER BY name",
  },
  // The database refuses it.
  {
    id: 'support_open',
    question: 'How many tickets are open?',
    db: 'support',
    sql: 'SELECT COUNT(*) FROM no_such_table',
  },
  // Wrong order where order matters.
  {
    id: 'support_names',
    question: 'Who has opened a ticket?',
    db: 'support',
    sql: 'SELECT DISTINCT customer_name FROM tickets ORDER BY customer_name DESC',
  },
];

const reply: EngineReply = ({ question }) => ({
  status: 'success',
  sql: ANSWERS.find((a) => a.question === question)?.sql ?? GOLD[question]?.[1] ?? null,
  answer: null,
  error: null,
  usage: [],
  trace: {},
});

let dir: string;
let server: TestEngineServer;
beforeAll(async () => {
  server = await startEngineServer(reply);
  dir = mkdtempSync(join(tmpdir(), 'nl2sql-predictions-'));
  await writeShopProject(dir, server.url);
  const c = captureIo({ cwd: dir, env: ENV });
  expect(await main(['suite', 'regenerate'], c.io), c.err()).toBe(EXIT.ok);
});
afterAll(async () => {
  await server?.close();
});

async function run(args: string[]) {
  const c = captureIo({ cwd: dir, env: ENV });
  const code = await main(['eval', 'run', '--roles', 'analyst', ...args], c.io);
  return { code, out: c.out(), err: c.err() };
}

interface SavedCase {
  case_id: string;
  role: string | null;
  status: string;
  lenient_status: string;
}

/** Each case run's verdicts in a saved report, in case order. */
function verdicts(file: string): string[] {
  const saved = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  return (saved.report.configs[0].cases as SavedCase[]).map(
    (c) => `${c.case_id} ${c.role} ${c.status} ${c.lenient_status}`,
  );
}

const csvCell = (s: string) => (/[",\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s);

const LAYOUTS: Record<string, string> = {
  'preds.jsonl': `${ANSWERS.map((a) => JSON.stringify({ id: a.id, sql: a.sql })).join('\n')}\n`,
  'preds.csv': `id,sql\n${ANSWERS.map((a) => `${a.id},${csvCell(a.sql)}`).join('\n')}\n`,
  'pred.sql': `${ANSWERS.map((a) => `${a.sql}\t${a.db}`).join('\n')}\n`,
  'predict_dev.txt': `${ANSWERS.map((a) => `${a.sql}\t----- bird -----\t${a.db}`).join('\n')}\n`,
  'predict_dev.json': JSON.stringify(
    Object.fromEntries(ANSWERS.map((a, i) => [String(i), `${a.sql}\t----- bird -----\t${a.db}`])),
    null,
    4,
  ),
};

describe('eval run --predictions: every layout, the verdicts of the same engine', () => {
  let engine: string[];
  beforeAll(async () => {
    const r = await run(['--save', 'engine.json']);
    expect(r.code, r.err).toBe(EXIT.ok);
    engine = verdicts('engine.json');
    // The fixture is worth comparing: passes and three kinds of failure.
    expect(engine.filter((v) => v.includes(' pass pass'))).toHaveLength(2);
  });

  test.each(Object.keys(LAYOUTS))('%s', async (file) => {
    writeFileSync(join(dir, file), LAYOUTS[file] as string);
    const r = await run(['--predictions', file, '--save', `${file}.saved.json`]);
    expect(r.code, r.err).toBe(EXIT.ok);
    expect(verdicts(`${file}.saved.json`)).toEqual(engine);
    expect(r.out).toMatch(/accuracy strict\s+2\/5 /);
    expect(r.out).toContain("the engine's SQL run by the harness");
    // The record is of kind engine and names the file and its digest.
    const saved = JSON.parse(readFileSync(join(dir, `${file}.saved.json`), 'utf8'));
    const [record] = saved.records;
    const digest = createHash('sha256')
      .update(readFileSync(join(dir, file)))
      .digest('hex');
    expect(record.kind).toBe('engine');
    expect(record.engine).toMatchObject({ name: file, version: `sha256:${digest}` });
    expect(record.config.name).toBe(file);
    expect(record.scoreboard.settings.rows).toBe('executed');
  });
});

describe('eval run --predictions: a case without a prediction fails, never skipped', () => {
  test('four of five: the fifth is a failed case run naming the file', async () => {
    writeFileSync(
      join(dir, 'four.jsonl'),
      `${ANSWERS.slice(0, 4)
        .map((a) => JSON.stringify({ id: a.id, sql: a.sql, role: 'analyst' }))
        .join('\n')}\n`,
    );
    const r = await run(['--predictions', 'four.jsonl', '--save', 'four.json']);
    expect(r.code, r.err).toBe(EXIT.ok);
    expect(r.out).toMatch(/accuracy strict\s+2\/5 /);
    expect(r.out).toContain(
      'NO_PREDICTION: four.jsonl has no prediction for case support_names as role analyst',
    );
    const saved = JSON.parse(readFileSync(join(dir, 'four.json'), 'utf8'));
    expect(saved.records[0].scoreboard.completed_cases).toBe(5);
    expect(verdicts('four.json').at(-1)).toBe('support_names analyst fail fail');
  });
});

describe('eval run --predictions: the written answer', () => {
  test('mode full checks each answer text against the rows its SQL returned', async () => {
    writeFileSync(
      join(dir, 'answers.jsonl'),
      `${[
        {
          id: 'shop_customers',
          sql: 'SELECT COUNT(*) FROM customers',
          answer: 'There are 3 customers.',
        },
        { id: 'shop_orders', sql: 'SELECT SUM(total) FROM orders', answer: 'Orders come to 41.' },
      ]
        .map((l) => JSON.stringify(l))
        .join('\n')}\n`,
    );
    const r = await run(['--predictions', 'answers.jsonl', '--mode', 'full', '--max-cost', '1']);
    expect(r.code, r.err).toBe(EXIT.ok);
    expect(r.out).toMatch(/faithfulness\s+1\/2 /);
    expect(r.out).toContain('shop_orders as analyst: unsupported 41');
  });
});

describe('eval run --predictions: k candidates per case', () => {
  test('per-candidate verdicts, any of k and first of k, the best candidate of each failing case', async () => {
    const lines = [
      // Candidate 1 right, no candidate 2: that one fails.
      { id: 'shop_customers', sql: 'SELECT COUNT(*) FROM customers' },
      // Wrong first, right second.
      {
        id: 'shop_orders',
        candidates: ['SELECT SUM(total) FROM orders WHERE id > 1', 'SELECT SUM(total) FROM orders'],
      },
      // Neither: too few rows, then the wrong order (order counts, strict and lenient).
      { id: 'shop_oslo', sql: "SELECT name FROM customers WHERE city = 'Lima'" },
      { id: 'shop_oslo', sql: "SELECT name FROM customers WHERE city = 'Oslo' ORDER BY name DESC" },
      // Right twice.
      { id: 'support_open', sql: "SELECT COUNT(*) FROM tickets WHERE status = 'open'" },
      { id: 'support_open', sql: "SELECT COUNT(*) FROM tickets WHERE status = 'open'" },
    ];
    writeFileSync(join(dir, 'cands.jsonl'), `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);
    const r = await run([
      '--predictions',
      'cands.jsonl',
      '--save',
      'cands.json',
      '--report',
      'cands.html',
    ]);
    expect(r.code, r.err).toBe(EXIT.ok);
    expect(r.out).toMatch(/case runs\s+10\/10/);
    expect(r.out).toMatch(/pass\^2 strict\s+1\/5 /);
    expect(r.out).toMatch(/pass@2 strict \(any of 2\)\s+3\/5 /);
    expect(r.out).toMatch(/first of 2 strict\s+2\/5 /);
    expect(r.out).toContain('Cases no candidate passed (2):');
    expect(r.out).toContain(
      'shop_oslo as analyst: fail: best of 2 candidates, candidate 1: FAIL strict: row count differs',
    );
    expect(r.out).toContain(
      'support_names as analyst: fail: best of 2 candidates, candidate 1: expected allowed, the engine answered NO_PREDICTION',
    );
    expect(r.out).toContain('shop_customers as analyst: 1 pass, 2 fail');
    expect(r.out).toContain('shop_orders as analyst: 1 fail, 2 pass');
    const saved = JSON.parse(readFileSync(join(dir, 'cands.json'), 'utf8'));
    const metrics = saved.records[0].metrics;
    expect(metrics.pass_at_k).toEqual({
      k: 2,
      strict: { count: 3, total: 5, rate: 0.6 },
      lenient: { count: 3, total: 5, rate: 0.6 },
      first: {
        strict: { count: 2, total: 5, rate: 0.4 },
        lenient: { count: 2, total: 5, rate: 0.4 },
      },
    });
    expect(saved.records[0].engine.name).toBe('cands.jsonl');
    const page = readFileSync(join(dir, 'cands.html'), 'utf8');
    expect(page).toContain('strict 3 of 5 (60.0%), lenient 3 of 5 (60.0%)');
  });
});

describe("eval run --policies: every leaderboard's rule on the same executions", () => {
  test('by default for a predictions run: each rule, and where they disagree with the rule deciding it', async () => {
    writeFileSync(
      join(dir, 'order.jsonl'),
      `${[
        { id: 'shop_customers', sql: 'SELECT COUNT(*) FROM customers' },
        // Right rows in the wrong order: ORDER BY in the gold, so Spider fails it; BIRD does not.
        {
          id: 'shop_oslo',
          sql: "SELECT name FROM customers WHERE city = 'Oslo' ORDER BY name DESC",
        },
      ]
        .map((l) => JSON.stringify(l))
        .join('\n')}\n`,
    );
    const r = await run([
      '--predictions',
      'order.jsonl',
      '--save',
      'order.json',
      '--report',
      'order.html',
    ]);
    expect(r.code, r.err).toBe(EXIT.ok);
    expect(r.out).toContain(
      "Every leaderboard's rule on the same executions (5 case runs with gold rows):",
    );
    expect(r.out).toMatch(/spider\s+1\/5 /);
    expect(r.out).toMatch(/bird\s+2\/5 /);
    expect(r.out).toMatch(/strict\s+1\/5 /);
    expect(r.out).toContain(
      'shop_oslo as analyst: pass bird; fail spider (order), defog (row_mismatch), strict (order), lenient (order)',
    );
    const saved = JSON.parse(readFileSync(join(dir, 'order.json'), 'utf8'));
    const policies = saved.records[0].metrics.policies;
    expect(policies.case_runs).toBe(5);
    expect(policies.bird).toEqual({ count: 2, total: 5, rate: 0.4 });
    expect(policies.disagreements).toHaveLength(1);
    expect(readFileSync(join(dir, 'order.html'), 'utf8')).toContain(
      'Spider 1 of 5 (20.0%); BIRD 2 of 5 (40.0%)',
    );
  });

  test('for an engine run when asked, only the rules named; an unknown rule is exit 2', async () => {
    const r = await run(['--policies', 'spider,bird']);
    expect(r.code, r.err).toBe(EXIT.ok);
    expect(r.out).toMatch(/ {2}spider\s+\d\/5 /);
    expect(r.out).not.toMatch(/ {2}defog /);
    const plain = await run([]);
    expect(plain.out).not.toContain("Every leaderboard's rule");
    const bad = await run(['--policies', 'spider,kaggle']);
    expect(bad.code).toBe(EXIT.usage);
    expect(bad.err).toContain('--policies: unknown kaggle');
  });
});

describe('eval run --predictions: a bad file is refused with its places', () => {
  const cases: Array<[string, string, string, RegExp]> = [
    [
      'unknown id',
      'bad.jsonl',
      '{"id":"shop_customers","sql":"SELECT 1"}\n{"id":"nope","sql":"SELECT 1"}\n',
      /bad\.jsonl:2: id "nope": no case of suite shop has this id/,
    ],
    ['missing id', 'bad.jsonl', '{"sql":"SELECT 1"}\n', /bad\.jsonl:1: id: missing/],
    ['empty SQL', 'bad.jsonl', '{"id":"shop_orders","sql":"  "}\n', /bad\.jsonl:1: sql: empty SQL/],
    ['not JSON lines', 'bad.jsonl', 'id,sql\nshop_orders,SELECT 1\n', /bad\.jsonl:1: not JSON/],
    [
      'unknown role',
      'bad.jsonl',
      '{"id":"shop_orders","sql":"SELECT 1","role":"boss"}\n',
      /bad\.jsonl:1: role "boss": case shop_orders has no outcome for it/,
    ],
    [
      'CSV without sql',
      'bad.csv',
      'id,query\nshop_orders,SELECT 1\n',
      /bad\.csv:1: unknown column\(s\) query; missing column\(s\) sql/,
    ],
    [
      'Spider lines short of the suite',
      'bad.sql',
      'SELECT 1\nSELECT 2\n',
      /bad\.sql:2: 2 prediction\(s\) for the 5 case\(s\) of suite shop/,
    ],
    [
      'Spider empty line',
      'bad.sql',
      `SELECT 1\n\n${'SELECT 1\n'.repeat(3)}`,
      /bad\.sql:2: empty SQL/,
    ],
    [
      'BIRD db_id of another case',
      'bad.txt',
      `${ANSWERS.map((a) => `${a.sql}\t----- bird -----\tshop`).join('\n')}\n`,
      /bad\.txt:4: db_id "shop": case support_open asks datasource support/,
    ],
    [
      'BIRD line without its separator',
      'bad.txt',
      `SELECT 1\t----- bird -----\tshop\nSELECT 2\tshop\n`,
      /bad\.txt:2: not BIRD's layout/,
    ],
  ];
  test.each(cases)('%s', async (_, file, text, message) => {
    writeFileSync(join(dir, file), text);
    const r = await run(['--predictions', file]);
    expect(r.code).toBe(EXIT.config);
    expect(r.err).toMatch(message);
    expect(r.err).not.toMatch(/\bat .*\.js:\d+/);
  });

  test('a file that does not exist, and flags that make no sense with one', async () => {
    const missing = await run(['--predictions', 'none.jsonl']);
    expect(missing.code).toBe(EXIT.config);
    expect(missing.err).toMatch(/none\.jsonl: cannot read/);
    const both = await run(['--predictions', 'preds.jsonl', '--engine', 'mine']);
    expect(both.code).toBe(EXIT.usage);
    expect(both.err).toContain('give --engine or --predictions, not both');
    const passes = await run(['--predictions', 'preds.jsonl', '--passes', '2']);
    expect(passes.code).toBe(EXIT.usage);
  });
});
