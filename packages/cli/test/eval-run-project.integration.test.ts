// `eval run` in a project of its own (evals.yaml), on two SQLite databases this test writes
// (not Chinook), against a real HTTP engine on 127.0.0.1 and the reference engine: the
// engine, headers and timeouts from the file, the project's policy and refusal message, the
// run and gate sections as defaults that flags override, and the errors that stop a run
// before anything is asked or written.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeRecord } from '@nl2sql/records';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readSavedReport } from '../src/eval/saved-report.js';
import { EXIT, main } from '../src/index.js';
import { type EngineReply, startEngineServer, type TestEngineServer } from './engine-server.js';
import { evalsYaml, REFUSAL, writeShopProject } from './fixtures/shop-project.js';
import { captureIo } from './io-capture.js';

const TOKEN = 'shop-token-5f1c2a';
const ENV = { SHOP_ENGINE_TOKEN: TOKEN };

const success = (sql: string, columns: string[], rows: unknown[][], datasource: string) => ({
  status: 'success',
  sql,
  results: [{ columns, rows, truncated: false }],
  answer: 'Here you are.',
  error: null,
  usage: [],
  trace: { datasource },
});
const refusal = {
  status: 'error',
  sql: null,
  results: [],
  answer: null,
  error: { code: 'SECURITY_VIOLATION', message: REFUSAL },
  usage: [],
  trace: {},
};

/**
 * An engine right on some cases and wrong on others on purpose: it refuses the intern
 * customers only where it should (counting, not the Oslo list), gets the orders total and
 * the ticket names wrong, and the rest right.
 */
const answer: EngineReply = ({ question, role }) => {
  switch (question) {
    case 'How many customers are there?':
      return role === 'intern'
        ? refusal
        : success('SELECT COUNT(*) AS n FROM customers', ['n'], [[3]], 'shop');
    case 'What do all orders come to?':
      return success('SELECT SUM(total) - 5 AS total FROM orders', ['total'], [[35]], 'shop');
    case 'Which customers live in Oslo?':
      return success(
        "SELECT name FROM customers WHERE city = 'Oslo' ORDER BY name",
        ['name'],
        [['Ada'], ['Cy']],
        'shop',
      );
    case 'How many tickets are open?':
      return success(
        "SELECT COUNT(*) AS open FROM tickets WHERE status = 'open'",
        ['open'],
        [[2]],
        'support',
      );
    default:
      return success(
        "SELECT DISTINCT customer_name FROM tickets WHERE status = 'open'",
        ['customer_name'],
        [['Ada']],
        'support',
      );
  }
};

/** Case run -> status, as the engine above must be scored. */
const EXPECTED = [
  ['shop_customers analyst', 'pass'],
  ['shop_customers intern', 'pass'],
  ['shop_orders analyst', 'fail'],
  ['shop_orders intern', 'fail'],
  ['shop_oslo analyst', 'pass'],
  ['shop_oslo intern', 'fail'],
  ['support_names analyst', 'fail'],
  ['support_names intern', 'fail'],
  ['support_open analyst', 'pass'],
  ['support_open intern', 'pass'],
];

interface JsonRun {
  case_id: string;
  role: string;
  status: string;
  scores: Record<string, { pass: boolean; detail?: Record<string, unknown> }>;
  rows_check?: { outcome: string; message: string | null };
}
interface JsonReport {
  report: {
    planned_cases: number;
    configs: { config: { name: string }; cases: JsonRun[] }[];
  };
}

const statuses = (runs: readonly JsonRun[]) =>
  runs.map((r) => [`${r.case_id} ${r.role}`, r.status]).sort(([a], [b]) => (a < b ? -1 : 1));

let dir: string;
let server: TestEngineServer;
beforeAll(async () => {
  server = await startEngineServer(answer);
  dir = mkdtempSync(join(tmpdir(), 'nl2sql-project-'));
  await writeShopProject(dir, server.url);
  const c = captureIo({ cwd: dir, env: ENV });
  expect(await main(['suite', 'regenerate'], c.io), c.err()).toBe(EXIT.ok);
  expect(c.out()).toContain('wrote rows of 5 case(s)');
});
afterAll(async () => {
  await server?.close();
});

async function run(args: string[], env: Record<string, string> = ENV) {
  const c = captureIo({ cwd: dir, env });
  const code = await main(['eval', 'run', ...args], c.io);
  return { code, out: c.out(), err: c.err() };
}

describe('nl2sql eval run in a project (evals.yaml)', () => {
  test('runs the default engine (http, from evals.yaml) with its headers from the environment, and scores it', async () => {
    const before = server.askHeaders.length;
    const r = await run(['--json']);
    // An external engine's failures are its score, not an exit 1.
    expect(r.code, r.err).toBe(EXIT.ok);
    const { report } = JSON.parse(r.out) as JsonReport;
    expect(report.configs.map((c) => c.config.name)).toEqual(['mine']);
    expect(statuses(report.configs[0]?.cases ?? [])).toEqual(EXPECTED);
    // The refusal is scored against the project's refusal message.
    const refused = report.configs[0]?.cases.find(
      (c) => c.case_id === 'shop_customers' && c.role === 'intern',
    );
    expect(refused?.scores.outcome).toMatchObject({ pass: true, detail: { actual: 'refused' } });
    // Every ask carried the header from evals.yaml, its value read from the environment ...
    const asked = server.askHeaders.slice(before);
    expect(asked).toHaveLength(10);
    for (const headers of asked) expect(headers.authorization).toBe(`Bearer ${TOKEN}`);
    // ... and the value is in nothing the run printed.
    expect(r.out + r.err).not.toContain(TOKEN);
  });

  test('the board of an engine run names the engine and the two databases together', async () => {
    const r = await run([]);
    expect(r.code, r.err).toBe(EXIT.ok);
    expect(r.out).toContain('database shop.support (sqlite, 3 tables, 9 columns');
    expect(r.out).toMatch(/case runs\s+10\/10/);
    expect(r.out).toMatch(/accuracy strict\s+5\/10 {2}50\.0%/);
  });

  test('--engine reference: the reference engine over both databases and the project policy', async () => {
    const r = await run(['--engine', 'reference', '--json']);
    expect(r.code, r.err).toBe(EXIT.ok);
    const { report } = JSON.parse(r.out) as JsonReport;
    const runs = report.configs[0]?.cases ?? [];
    expect(report.configs.map((c) => c.config.name)).toEqual(['plans']);
    expect(runs.every((c) => c.status === 'pass')).toBe(true);
    expect(runs).toHaveLength(10);
    // Routing is scored on every allowed run, and went to the database each case names.
    const routed = runs.filter((c) => c.scores.routing !== undefined);
    expect(routed.map((c) => `${c.case_id} ${c.role}`).sort()).toEqual(
      EXPECTED.map(([run]) => run as string).filter(
        (run) => run !== 'shop_customers intern' && run !== 'shop_oslo intern',
      ),
    );
    for (const c of routed)
      expect(c.scores.routing).toMatchObject({
        pass: true,
        detail: { routed: c.case_id.startsWith('shop') ? 'shop' : 'support' },
      });
  });

  test('--mode retrieval: the reference engine ranks the two databases, and routing is scored (allowed runs only)', async () => {
    const r = await run(['--engine', 'reference', '--mode', 'retrieval']);
    expect(r.code, r.err).toBe(EXIT.ok);
    expect(r.out).toMatch(/routing\s+8\/8 {2}100\.0%/);
    const json = await run(['--engine', 'reference', '--mode', 'retrieval', '--json']);
    const runs = (JSON.parse(json.out) as JsonReport).report.configs[0]?.cases ?? [];
    const open = runs.find((c) => c.case_id === 'support_open');
    expect(open?.scores.routing?.detail).toEqual({ ranking: ['support', 'shop'], rank: 1 });
  });

  test("the project's checks: reach the run: the size limit fails a case run, the LIMIT policy reaches L3 (issue 25)", async () => {
    const config = join(dir, 'checks.yaml');
    writeFileSync(
      config,
      evalsYaml(server.url, 'checks:\n  max_sql_bytes: 40\n  require_limit: false\n'),
    );
    const r = await run(['--config', config, '--json', '--cases', 'shop_oslo,support_open']);
    expect(r.code, r.err).toBe(EXIT.ok);
    const runs = (JSON.parse(r.out) as JsonReport).report.configs[0]?.cases ?? [];
    const oslo = runs.find((c) => c.case_id === 'shop_oslo' && c.role === 'analyst');
    // its 60-byte SQL is over the project's 40 bytes: the harness does not run it (issue 24:
    // SQL that fails L3 is not executed), so no rows are compared, and the case run fails
    expect(oslo?.scores.result_match?.pass).toBe(false);
    expect(oslo?.rows_check).toMatchObject({ outcome: 'unsafe-sql' });
    expect(oslo?.rows_check?.message).toMatch(/^sql-too-large: /);
    expect(oslo?.status).toBe('fail');
    expect(oslo?.scores.sql_size).toMatchObject({
      pass: false,
      detail: { rule: 'sql-too-large', max_sql_bytes: 40 },
    });
    // 58 bytes, but without LIMIT: L3 passes under require_limit false, sql_size fails it
    const open = runs.find((c) => c.case_id === 'support_open' && c.role === 'analyst');
    expect(open?.scores.sql_size?.pass).toBe(false);
    const levels = open?.scores.sql_checks?.detail?.levels as { violations: { rule: string }[] }[];
    expect(levels[2]?.violations.map((v) => v.rule)).toEqual(['sql-too-large']);
    // raised: the same SQL is checked, and L3 holds it to the project's LIMIT policy
    writeFileSync(config, evalsYaml(server.url, 'checks:\n  require_limit: false\n'));
    const relaxed = await run(['--config', config, '--json', '--cases', 'shop_oslo']);
    const osloAgain = ((JSON.parse(relaxed.out) as JsonReport).report.configs[0]?.cases ?? []).find(
      (c) => c.role === 'analyst',
    );
    expect(osloAgain?.status).toBe('pass');
    expect(osloAgain?.scores.sql_size).toBeUndefined();
    expect(osloAgain?.scores.sql_checks?.pass).toBe(true);
    const strict = await run(['--json', '--cases', 'shop_oslo']);
    const osloStrict = ((JSON.parse(strict.out) as JsonReport).report.configs[0]?.cases ?? []).find(
      (c) => c.role === 'analyst',
    );
    const strictLevels = osloStrict?.scores.sql_checks?.detail?.levels as {
      violations: { rule: string }[];
    }[];
    expect(strictLevels[2]?.violations.map((v) => v.rule)).toEqual(['limit-missing']);
  });

  test('--datasource selects the cases asking those databases', async () => {
    const r = await run(['--datasource', 'support', '--json']);
    expect(r.code, r.err).toBe(EXIT.ok);
    const { report } = JSON.parse(r.out) as JsonReport;
    expect(statuses(report.configs[0]?.cases ?? [])).toEqual(
      EXPECTED.filter(([run]) => (run as string).startsWith('support')),
    );
    const bad = await run(['--datasource', 'billing']);
    expect(bad.code).toBe(EXIT.usage);
    expect(bad.err).toContain(
      '--datasource: billing is not a datasource of the project (shop, support)',
    );
  });

  test('run.passes in evals.yaml is the default, and --passes wins over it', async () => {
    const config = join(dir, 'passes.yaml');
    writeFileSync(
      config,
      evalsYaml(server.url).replace(
        'run: { concurrency: 2 }',
        'run: { concurrency: 2, passes: 2 }',
      ),
    );
    const fromFile = await run(['--config', config, '--json', '--cases', 'support_open']);
    expect(fromFile.code, fromFile.err).toBe(EXIT.ok);
    expect((JSON.parse(fromFile.out) as JsonReport).report.configs[0]?.cases).toHaveLength(4);
    const fromFlag = await run([
      '--config',
      config,
      '--json',
      '--cases',
      'support_open',
      '--passes',
      '1',
    ]);
    expect((JSON.parse(fromFlag.out) as JsonReport).report.configs[0]?.cases).toHaveLength(2);
  });

  test('gate: evals.yaml thresholds are the defaults, flags replace them', async () => {
    // The baseline: the same engine, named the same, that had the orders total right.
    const fixed = await startEngineServer((body) =>
      body.question === 'What do all orders come to?'
        ? success('SELECT SUM(total) AS total FROM orders', ['total'], [[40]], 'shop')
        : answer(body),
    );
    const benchmarks = join(dir, 'benchmarks');
    const saved = join(dir, 'baseline.json');
    try {
      const before = join(dir, 'before.yaml');
      writeFileSync(before, evalsYaml(fixed.url));
      const first = await run([
        '--config',
        before,
        '--cases',
        'shop_orders,support_open',
        '--save',
        saved,
      ]);
      expect(first.code, first.err).toBe(EXIT.ok);
    } finally {
      await fixed.close();
    }
    const { records } = readSavedReport(saved);
    expect(records.map((r) => [r.kind, r.config.name, r.database.datasource_id])).toEqual([
      ['engine', 'mine', 'shop.support'],
    ]);
    for (const record of records) writeRecord(benchmarks, record);
    // Two regressions (shop_orders for both roles): over the mode's 0, within the file's 2.
    const config = join(dir, 'gate.yaml');
    writeFileSync(config, evalsYaml(server.url, 'gate: { max_regressions: 2 }\n'));
    const args = ['--cases', 'shop_orders,support_open', '--baseline', benchmarks];
    const lenient = await run(['--config', config, ...args]);
    expect(lenient.code, lenient.out + lenient.err).toBe(EXIT.ok);
    expect(lenient.out).toContain('within max_regressions 2');
    const strict = await run(['--config', config, ...args, '--max-regressions', '1']);
    expect(strict.code).toBe(EXIT.failed);
    expect(strict.out).toContain('more than max_regressions 1');
    const defaults = await run(args);
    expect(defaults.code).toBe(EXIT.failed);
    expect(defaults.out).toContain('more than max_regressions 0');
    // eval gate reads the same section: the saved run passes under the file's limit.
    const current = join(dir, 'current.json');
    expect((await run(['--cases', 'shop_orders,support_open', '--save', current])).code).toBe(
      EXIT.ok,
    );
    const g = captureIo({ cwd: dir, env: ENV });
    const gateArgs = ['eval', 'gate', current, '--baseline', benchmarks, '--config', config];
    expect(await main(gateArgs, g.io), g.err()).toBe(EXIT.ok);
    expect(g.out()).toContain('within max_regressions 2');
    const h = captureIo({ cwd: dir, env: ENV });
    expect(await main([...gateArgs, '--max-regressions', '0'], h.io)).toBe(EXIT.failed);
  });
});

describe('a project that cannot run: one located line, exit 3, nothing asked or written', () => {
  async function refused(args: string[], env: Record<string, string> = ENV) {
    const asks = server.asks;
    const save = join(dir, `never-${Math.random().toString(36).slice(2)}.json`);
    const r = await run([...args, '--save', save, '--journal', `${save}.jsonl`], env);
    expect(r.code, r.err).toBe(EXIT.config);
    expect(r.out).toBe('');
    expect(r.err.trim().split('\n')).toHaveLength(1);
    expect(existsSync(save)).toBe(false);
    expect(existsSync(`${save}.jsonl`)).toBe(false);
    expect(server.asks).toBe(asks);
    return r.err.trim();
  }

  test('a variable the file names is not set: named, with its line, its value nowhere', async () => {
    const err = await refused([], { OTHER: TOKEN });
    const line = readFileSync(join(dir, 'evals.yaml'), 'utf8')
      .split('\n')
      .findIndex((l) => l.includes('Authorization'));
    expect(err).toBe(
      `nl2sql: ${join(dir, 'evals.yaml')}:${line + 1}: engines.mine.headers.Authorization: the environment variable SHOP_ENGINE_TOKEN is not set`,
    );
  });

  test('--engine naming no configured engine lists the configured ones, located at engines', async () => {
    const err = await refused(['--engine', 'fast']);
    const line = readFileSync(join(dir, 'evals.yaml'), 'utf8').split('\n').indexOf('engines:');
    expect(err).toBe(
      `nl2sql: --engine: ${join(dir, 'evals.yaml')}:${line + 1}: engines: no engine named fast (engines: reference, mine)`,
    );
  });

  test('a malformed evals.yaml, with --config', async () => {
    const config = join(dir, 'broken.yaml');
    writeFileSync(
      config,
      evalsYaml(server.url).replace(
        '    engine: sqlite\n    path: data/shop.sqlite',
        '    engine: sqlite\n    file: data/shop.sqlite',
      ),
    );
    const err = await refused(['--config', config]);
    expect(err).toBe(
      `nl2sql: ${config}:5: datasources.shop.file: unknown field 'file' (allowed: engine, path, snapshots, timeout_ms, max_rows)`,
    );
  });

  test('a datasource file that is missing, located in evals.yaml', async () => {
    const config = join(dir, 'missing-db.yaml');
    writeFileSync(
      config,
      evalsYaml(server.url).replace('data/support.sqlite', 'data/nowhere.sqlite'),
    );
    const err = await refused(['--config', config]);
    expect(err).toBe(
      `nl2sql: ${config}:8: datasources.support.path: ${join(dir, 'data', 'nowhere.sqlite')}: no such file`,
    );
  });

  test('a suite the project names that is missing, located in evals.yaml', async () => {
    const config = join(dir, 'no-suite.yaml');
    writeFileSync(config, evalsYaml(server.url).replace('suites/shop.yaml', 'suites/gone.yaml'));
    const err = await refused(['--config', config]);
    const line = readFileSync(config, 'utf8')
      .split('\n')
      .findIndex((l) => l.startsWith('suites:'));
    expect(err).toBe(
      `nl2sql: ${config}:${line + 1}: suites[0]: ${join(dir, 'suites', 'gone.yaml')}: no such file`,
    );
  });

  test('a postgres datasource whose server is down is one located line, without its password', async () => {
    const config = join(dir, 'postgres.yaml');
    writeFileSync(
      config,
      evalsYaml(server.url).replace(
        '    engine: sqlite\n    path: data/support.sqlite',
        '    engine: postgres\n    url: postgres://evals:pg-secret@127.0.0.1:1/support',
      ),
    );
    const err = await refused(['--config', config]);
    expect(err).toMatch(
      new RegExp(
        `^nl2sql: ${config}:8: datasources\\.support\\.url: PostgreSQL evals@127\\.0\\.0\\.1:1/support`,
      ),
    );
    expect(err).not.toContain('pg-secret');
  });
});
