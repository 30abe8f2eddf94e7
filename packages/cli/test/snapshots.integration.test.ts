import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type EvalCase, formatSuite, parseSuite } from '@nl2sql/suite';
import { beforeAll, describe, expect, test } from 'vitest';
import { EXIT, main } from '../src/index.js';
import { captureIo } from './io-capture.js';
import { buildDatabase } from './shop-database.js';

// A project whose datasource has a snapshot: on the pinned file every order is paid, so an
// answer that forgets status = 'paid' passes there; the snapshot has a refunded order.
const DDL =
  'CREATE TABLE orders (id INTEGER PRIMARY KEY, status TEXT NOT NULL, total REAL NOT NULL);';
let dir: string;

const base = {
  datasource: 'shop',
  source: 'hand' as const,
  approved: true,
  tags: ['aggregation' as const],
  order_matters: false,
  outcome: { admin: 'allowed' as const },
  tables: ['orders'],
  rows: [],
};
const CASES: EvalCase[] = [
  {
    ...base,
    id: 'paid_total',
    question: 'What is the total of paid orders?',
    columns: ['orders.status', 'orders.total'],
    sql: "SELECT SUM(total) FROM orders WHERE status = 'paid'",
  },
  {
    ...base,
    id: 'order_count',
    question: 'How many orders are there?',
    columns: ['orders.id'],
    sql: 'SELECT COUNT(id) FROM orders',
  },
];

function project(snapshot: string): string {
  const file = join(dir, `evals-${snapshot}.yaml`);
  writeFileSync(
    file,
    `version: 1\ndatasources:\n  shop:\n    engine: sqlite\n    path: shop.sqlite\n    snapshots:\n      - name: march\n        path: ${snapshot}\nsuites: [shop.yaml]\n`,
  );
  return file;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'nl2sql-snapshots-'));
  await buildDatabase(
    join(dir, 'shop.sqlite'),
    `${DDL} INSERT INTO orders VALUES (1, 'paid', 10), (2, 'paid', 5)`,
  );
  await buildDatabase(
    join(dir, 'march.sqlite'),
    `${DDL} INSERT INTO orders VALUES (1, 'paid', 10), (2, 'refunded', 5), (3, 'paid', 7)`,
  );
  await buildDatabase(join(dir, 'other.sqlite'), 'CREATE TABLE orders (id INTEGER PRIMARY KEY)');
  writeFileSync(join(dir, 'shop.yaml'), formatSuite({ name: 'shop', version: 1, cases: CASES }));
  writeFileSync(
    join(dir, 'answers.jsonl'),
    `${JSON.stringify({ id: 'paid_total', sql: 'SELECT SUM(total) FROM orders' })}\n${JSON.stringify({ id: 'order_count', sql: 'SELECT COUNT(*) FROM orders' })}\n`,
  );
});

const run = async (args: string[]) => {
  const c = captureIo({ cwd: dir });
  const code = await main(args, c.io);
  return { code, out: c.out(), err: c.err() };
};

describe('EX across snapshots from the CLI', () => {
  test('regenerate writes each snapshot gold, cross-check classifies it, eval run counts the false positive', async () => {
    const config = project('march.sqlite');
    // Before regenerate: the run is refused, naming the case and the snapshot.
    const early = await run(['eval', 'run', '--config', config, '--predictions', 'answers.jsonl']);
    expect(early.code).toBe(EXIT.config);
    expect(early.err).toMatch(/case \w+: no gold rows for snapshot march of datasource shop/);

    const regen = await run(['suite', 'regenerate', '--config', config]);
    expect(regen.code).toBe(EXIT.ok);
    const suite = parseSuite(readFileSync(join(dir, 'shop.yaml'), 'utf8'), 'shop.yaml');
    expect(suite.cases.map((c) => c.rows_by_snapshot?.march?.rows)).toEqual([[[17]], [[3]]]);

    const check = await run(['suite', 'cross-check', '--snapshots', '--config', config]);
    expect(check.code).toBe(EXIT.ok);
    expect(check.out).toContain('ok   paid_total on shop/march (differs)');
    expect(check.out).toContain('2 case-snapshot pairs: 2 differ from the pinned rows');

    const board = await run(['eval', 'run', '--config', config, '--predictions', 'answers.jsonl']);
    expect(board.code).toBe(EXIT.ok);
    expect(board.out).toMatch(/EX pinned database\s+2\/2/);
    expect(board.out).toMatch(/EX all snapshots\s+1\/2 .*\(pinned \+ march\)/);
    expect(board.out).toMatch(/single-snapshot FPs\s+1 of 2 pinned passes fail on a snapshot/);
    expect(board.out).toContain('paid_total as admin: fails on march');

    const json = await run([
      'eval',
      'run',
      '--config',
      config,
      '--predictions',
      'answers.jsonl',
      '--json',
    ]);
    const metrics = JSON.parse(json.out).report.configs[0].metrics;
    expect(metrics.snapshots.false_positives).toEqual([
      { case_id: 'paid_total', role: 'admin', pass: 1, failed_on: ['march'] },
    ]);

    // A journal records the snapshots' data too: resumed over a changed snapshot, refused.
    const journal = ['--journal', 'run.jsonl'];
    const answers = ['eval', 'run', '--config', config, '--predictions', 'answers.jsonl'];
    expect((await run([...answers, ...journal])).code).toBe(EXIT.ok);
    expect((await run([...answers, ...journal, '--resume'])).code).toBe(EXIT.ok);
    await buildDatabase(join(dir, 'march.sqlite'), "INSERT INTO orders VALUES (4, 'paid', 1)");
    const resumed = await run([...answers, ...journal, '--resume']);
    expect(resumed.code).toBe(EXIT.config);
    expect(resumed.err).toContain('shop@march.orders');

    // A stale snapshot gold is a cross-check finding (exit 1).
    const stale = suite.cases.map((c) => ({ ...c, rows_by_snapshot: { march: { rows: [[0]] } } }));
    writeFileSync(join(dir, 'stale.yaml'), formatSuite({ ...suite, cases: stale }));
    const found = await run([
      'suite',
      'cross-check',
      '--snapshots',
      '--config',
      config,
      'stale.yaml',
    ]);
    expect(found.code).toBe(EXIT.failed);
    expect(found.out).toContain(
      'FAIL paid_total on shop/march (differs): rows_by_snapshot.march is not what the gold returns there',
    );
  }, 60_000);

  test('a snapshot of another schema is refused, located in evals.yaml (exit 3)', async () => {
    const config = project('other.sqlite');
    for (const args of [
      ['suite', 'regenerate', '--config', config],
      ['eval', 'run', '--config', config, '--predictions', 'answers.jsonl'],
    ]) {
      const refused = await run(args);
      expect(refused.code).toBe(EXIT.config);
      expect(refused.err).toMatch(
        /evals-other\.sqlite\.yaml:8: datasources\.shop\.snapshots\[0\]\.path: .*snapshot march has another schema than datasource shop/,
      );
    }
  });

  test('--snapshots is refused without evals.yaml or beside --postgres', async () => {
    const bare = mkdtempSync(join(tmpdir(), 'nl2sql-no-project-'));
    const c = captureIo({ cwd: bare });
    expect(await main(['suite', 'cross-check', '--snapshots', join(dir, 'shop.yaml')], c.io)).toBe(
      EXIT.usage,
    );
    expect(c.err()).toContain('--snapshots reads the snapshots of evals.yaml');
    const both = await run([
      'suite',
      'cross-check',
      '--snapshots',
      '--postgres',
      'postgres://x@127.0.0.1/x',
    ]);
    expect(both.code).toBe(EXIT.usage);
  });
});
