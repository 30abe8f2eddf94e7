// Exit codes that cannot hide a partial or broken run (issue 24, items 4 and 5), on the shop
// project the tests write (not Chinook) against real HTTP engines on 127.0.0.1: a run stopped
// at the dollar cap, a run whose every ask failed on the transport, --min-accuracy and
// gate.min_accuracy, McNemar on an external engine by default, and what the board's header
// says of the engine (its URL, its describe failure in one line).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeRecord } from '@nl2sql/records';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readSavedReport } from '../src/eval/saved-report.js';
import { EXIT, main } from '../src/index.js';
import { type EngineReply, startEngineServer, type TestEngineServer } from './engine-server.js';
import { evalsYaml, REFUSAL, writeShopProject } from './fixtures/shop-project.js';
import { captureIo } from './io-capture.js';

const ENV = { SHOP_ENGINE_TOKEN: 'token' };

/** The gold rows of each question (the shop databases the fixture writes). */
const ROWS: Readonly<Record<string, readonly [string, string, string, unknown[][]]>> = {
  'How many customers are there?': ['shop', 'SELECT COUNT(*) AS n FROM customers', 'n', [[3]]],
  'What do all orders come to?': [
    'shop',
    'SELECT SUM(total) AS total FROM orders',
    'total',
    [[40]],
  ],
  'Which customers live in Oslo?': [
    'shop',
    "SELECT name FROM customers WHERE city = 'Oslo' ORDER BY name",
    'name',
    [['Ada'], ['Cy']],
  ],
  'How many tickets are open?': [
    'support',
    "SELECT COUNT(*) AS open FROM tickets WHERE status = 'open'",
    'open',
    [[2]],
  ],
  'Who has opened a ticket?': [
    'support',
    'SELECT DISTINCT customer_name FROM tickets ORDER BY customer_name',
    'customer_name',
    [['Ada'], ['Bo']],
  ],
};

/** Right on every case run (refusing the intern where the policy says), each ask billed. */
function honest(billed: boolean, wrong: readonly string[] = []): EngineReply {
  return ({ question, role }) => {
    const usage = billed
      ? [
          {
            node: 'planner',
            provider: 'openai',
            model: 'gpt-5.4',
            input: 100_000,
            cached: 0,
            cacheWrite: 0,
            output: 1_000,
            reasoning: 0,
          },
        ]
      : [];
    const needsCustomers = /customers/.test(question);
    if (role === 'intern' && needsCustomers) {
      return {
        status: 'error',
        sql: null,
        results: [],
        answer: null,
        error: { code: 'SECURITY_VIOLATION', message: REFUSAL },
        usage,
        trace: {},
      };
    }
    const [datasource, sql, column, rows] = ROWS[question] ?? ['shop', 'SELECT 1', 'x', [[1]]];
    const off = wrong.includes(question);
    return {
      status: 'success',
      sql: off ? `${sql} LIMIT 0` : sql,
      results: [{ columns: [column], rows: off ? [] : rows, truncated: false }],
      answer: 'Here you are.',
      error: null,
      usage,
      trace: { datasource },
    };
  };
}

let dir: string;
let engine: TestEngineServer;
beforeAll(async () => {
  engine = await startEngineServer(honest(true));
  dir = mkdtempSync(join(tmpdir(), 'nl2sql-exit-'));
  await writeShopProject(dir, engine.url);
  const c = captureIo({ cwd: dir, env: ENV });
  expect(await main(['suite', 'regenerate'], c.io), c.err()).toBe(EXIT.ok);
});
afterAll(async () => {
  await engine?.close();
});

async function run(args: string[]) {
  const c = captureIo({ cwd: dir, env: ENV });
  const code = await main(['eval', 'run', ...args], c.io);
  return { code, out: c.out(), err: c.err() };
}

/** An evals.yaml beside the suite whose engine is at `url`, with `extra` keys. */
function project(name: string, url: string, extra = ''): string {
  const file = join(dir, `${name}.yaml`);
  writeFileSync(file, evalsYaml(url, extra));
  return file;
}

describe('a run stopped at the dollar cap', () => {
  test('exits 1 without --baseline, saying so in one line; the board says STOPPED', async () => {
    // gpt-5.4 at 100,000 tokens in and 1,000 out a case run: the cap allows a few only.
    const r = await run(['--max-cost', '0.5', '--concurrency', '1']);
    expect(r.out).toMatch(/STOPPED at the cost cap \(\$0\.5\): \d of 10 case runs completed/);
    expect(r.code, r.err).toBe(EXIT.failed);
    expect(r.err).toMatch(
      /nl2sql: the run stopped at the cost cap \(\$0\.5\): \d of 10 case runs completed; a partial run is not a pass \(raise --max-cost, or pass --allow-partial\)/,
    );
  });

  test('--allow-partial, or gate.allow_partial in evals.yaml, accepts it (exit 0, said)', async () => {
    const flag = await run(['--max-cost', '0.5', '--concurrency', '1', '--allow-partial']);
    expect(flag.code, flag.err).toBe(EXIT.ok);
    expect(flag.err).toContain('a partial run, allowed by --allow-partial');
    const file = project('partial', engine.url, 'gate: { allow_partial: true }\n');
    const yaml = await run(['--config', file, '--max-cost', '0.5', '--concurrency', '1']);
    expect(yaml.code, yaml.err).toBe(EXIT.ok);
  });

  test('a run the cap did not stop exits 0', async () => {
    const r = await run(['--max-cost', '100']);
    expect(r.code, r.err).toBe(EXIT.ok);
    expect(r.out).not.toContain('STOPPED');
    expect(r.err).not.toContain('cost cap');
  });
});

describe('a run that scored nothing', () => {
  test('every ask a transport error (no engine listening): exit 3, one line naming the code and the first message', async () => {
    // A port that was just free: nothing answers there.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const r = await run(['--engine', `http://127.0.0.1:${port}`, '--name', 'gone']);
    expect(r.code).toBe(EXIT.config);
    const lines = r.err.split('\n').filter((l) => l.includes('scored nothing'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^nl2sql: config gone scored nothing: all 10 case run\(s\) ended in errors before an answer \(10 TRANSPORT_ERROR\); first: shop_customers: .*127\.0\.0\.1/,
    );
    // The board is still printed: what was tried, and how it failed.
    expect(r.out).toMatch(/case runs\s+10\/10/);
  });

  test('one case run scored is enough: a single answer makes the run an evaluation again', async () => {
    let first = true;
    const flaky = await startEngineServer((body) => {
      if (first) {
        first = false;
        return honest(false)(body);
      }
      return {
        status: 'error',
        sql: null,
        results: [],
        answer: null,
        error: { code: 'LLM_ERROR', message: 'the model is down' },
        usage: [],
        trace: {},
      };
    });
    try {
      const r = await run(['--engine', flaky.url, '--concurrency', '1']);
      expect(r.code, r.err).toBe(EXIT.ok);
      expect(r.err).not.toContain('scored nothing');
    } finally {
      await flaky.close();
    }
  });
});

describe('--min-accuracy and gate.min_accuracy', () => {
  let wrong: TestEngineServer;
  beforeAll(async () => {
    // Wrong on two questions asked of both roles: 6 of 10 case runs right.
    wrong = await startEngineServer(
      honest(false, ['What do all orders come to?', 'Who has opened a ticket?']),
    );
  });
  afterAll(async () => {
    await wrong?.close();
  });

  test('below the rate: exit 1, the strict accuracy with its Wilson interval; at or above: exit 0, said', async () => {
    const below = await run(['--engine', wrong.url, '--min-accuracy', '0.8']);
    expect(below.code, below.err).toBe(EXIT.failed);
    expect(below.err).toMatch(
      /nl2sql: FAIL min accuracy: config 127\.0\.0\.1:\d+ strict accuracy 6\/10 60\.0% \(Wilson 95% 31\.3%-83\.2%\) is below 80\.0%/,
    );
    const above = await run(['--engine', wrong.url, '--min-accuracy', '0.6']);
    expect(above.code, above.err).toBe(EXIT.ok);
    expect(above.err).toMatch(
      /ok min accuracy: config .* strict accuracy 6\/10 60\.0% .* reaches 60\.0%/,
    );
  });

  test('evals.yaml gate.min_accuracy is the default, the flag replaces it', async () => {
    const file = project('accuracy', wrong.url, 'gate: { min_accuracy: 0.9 }\n');
    const fromFile = await run(['--config', file]);
    expect(fromFile.code, fromFile.err).toBe(EXIT.failed);
    expect(fromFile.err).toContain('is below 90.0%');
    const flag = await run(['--config', file, '--min-accuracy', '0.5']);
    expect(flag.code, flag.err).toBe(EXIT.ok);
  });

  test('a rate outside 0..1, or mode retrieval, or one shard, is a usage error', async () => {
    for (const value of ['80', '-0.1', 'most']) {
      const r = await run(['--min-accuracy', value]);
      expect(r.code, value).toBe(EXIT.usage);
      expect(r.err).toContain('--min-accuracy');
    }
    const retrieval = await run([
      '--engine',
      'reference',
      '--mode',
      'retrieval',
      '--min-accuracy',
      '0.5',
    ]);
    expect(retrieval.code).toBe(EXIT.usage);
    expect(retrieval.err).toContain('mode retrieval has none');
    const shard = await run(['--shard', '1/2', '--min-accuracy', '0.5']);
    expect(shard.code).toBe(EXIT.usage);
    expect(shard.err).toContain('nl2sql eval merge');
  });
});

describe("the gate on an external engine's run", () => {
  test("runs McNemar's test by default, as in mode full: six lost, none gained fails even within max_regressions", async () => {
    const benchmarks = join(dir, 'benchmarks-mcnemar');
    const saved = join(dir, 'mcnemar-baseline.json');
    const first = await run(['--save', saved]);
    expect(first.code, first.err).toBe(EXIT.ok);
    for (const record of readSavedReport(saved).records) writeRecord(benchmarks, record);
    const same = await run(['--baseline', benchmarks]);
    expect(same.code, same.out + same.err).toBe(EXIT.ok);
    expect(same.out).toContain(
      'ok   mine execution significant_loss: mine (execution): no case flipped',
    );
    // Wrong on three questions asked of both roles: six case runs lost, none gained.
    const sinking = await startEngineServer(
      honest(true, [
        'What do all orders come to?',
        'Who has opened a ticket?',
        'How many tickets are open?',
      ]),
    );
    try {
      const loose = project('loose', sinking.url, 'gate: { max_regressions: 10 }\n');
      const tested = await run(['--config', loose, '--baseline', benchmarks]);
      expect(tested.code, tested.out + tested.err).toBe(EXIT.failed);
      expect(tested.out).toContain('ok   mine execution max_regressions');
      expect(tested.out).toContain(
        'FAIL mine execution significant_loss: mine (execution): 6 lost, 0 gained, McNemar exact p = 0.03',
      );
      // gate.mcnemar_alpha: null turns the test off: the count alone passes it.
      const untested = project(
        'untested',
        sinking.url,
        'gate: { max_regressions: 10, mcnemar_alpha: null }\n',
      );
      const counted = await run(['--config', untested, '--baseline', benchmarks]);
      expect(counted.code, counted.out + counted.err).toBe(EXIT.ok);
      expect(counted.out).not.toContain('significant_loss');
    } finally {
      await sinking.close();
    }
  });
});

describe("the board's header for an external engine", () => {
  test('names the engine where it was reached and the rules it was scored by', async () => {
    const r = await run([]);
    expect(r.code, r.err).toBe(EXIT.ok);
    const header = r.out.split('\n')[0] ?? '';
    expect(header).toContain(
      `nl2sql eval, engine ${engine.url}, reference rules (rows and outcomes), suite shop.yaml (`,
    );
    expect(header).toMatch(/suite shop\.yaml \([0-9a-f]{12}\)$/);
    expect(r.out).not.toContain('kind engine');
  });

  test('a describe that fails with an HTML page is one line: describe: HTTP 501', async () => {
    const page = `<!DOCTYPE html>\n<html>\n<head><title>501 Not Implemented</title></head>\n<body>\n<h1>Not Implemented</h1>\n${'<p>filler</p>\n'.repeat(50)}</body>\n</html>\n`;
    const html = createServer((req, res) => {
      if (req.url?.endsWith('/describe')) {
        res.writeHead(501, { 'content-type': 'text/html' }).end(page);
        return;
      }
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(honest(false)(body)));
      });
    });
    await new Promise<void>((resolve) => html.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(html.address() as AddressInfo).port}`;
    try {
      const r = await run(['--engine', url, '--name', 'web']);
      expect(r.code, r.err).toBe(EXIT.ok);
      expect(r.out).toContain(`config web: engine unknown unknown at ${url} [describe: HTTP 501]`);
      expect(r.out).not.toContain('<');
      expect(r.out).not.toContain('Not Implemented');
    } finally {
      await new Promise<void>((resolve) => html.close(() => resolve()));
    }
  });
});
