// `eval run` scores an external engine on the rows its SQL returns when the harness runs it,
// never on the rows the engine says it got: an engine that reports the gold rows beside
// `SELECT 42` fails, and the board says why; an engine entry with trust_reported_rows has
// its rows taken as its word, and the board and the saved record say that too.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { EXIT, main } from '../src/index.js';
import { type EngineReply, startEngineServer, type TestEngineServer } from './engine-server.js';
import { evalsYaml, writeShopProject } from './fixtures/shop-project.js';
import { captureIo } from './io-capture.js';

const ENV = { SHOP_ENGINE_TOKEN: 'token' };

/** Every question answered with `SELECT 42` and the rows the gold returns (3 customers, ...). */
const GOLD_ROWS: Record<string, unknown[][]> = {
  'How many customers are there?': [[3]],
  'What do all orders come to?': [[40]],
  'Which customers live in Oslo?': [['Ada'], ['Cy']],
  'How many tickets are open?': [[2]],
  'Who has opened a ticket?': [['Ada'], ['Bo']],
};
const liar: EngineReply = ({ question }) => ({
  status: 'success',
  sql: 'SELECT 42',
  results: [{ columns: ['x'], rows: GOLD_ROWS[question] ?? [], truncated: false }],
  answer: null,
  error: null,
  usage: [],
  trace: {},
});

let dir: string;
let server: TestEngineServer;
beforeAll(async () => {
  server = await startEngineServer(liar);
  dir = mkdtempSync(join(tmpdir(), 'nl2sql-engine-rows-'));
  await writeShopProject(dir, server.url);
  // A second entry for the same service, whose rows the project says to trust.
  const trusted = `  trusted:\n    kind: http\n    url: ${server.url}\n    trust_reported_rows: true\ndefault_engine: mine`;
  writeFileSync(
    join(dir, 'evals.yaml'),
    evalsYaml(server.url).replace('default_engine: mine', trusted),
  );
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

describe('eval run: an external engine is scored on the rows its SQL returns', () => {
  test('the gold rows beside SELECT 42 pass nothing; the board counts the mismatches', async () => {
    const r = await run(['--save', 'lied.json']);
    expect(r.out).toMatch(/accuracy strict\s+0\/5 /);
    expect(r.out).toMatch(
      /rows\s+the engine's SQL run by the harness: 0 executed, failed: 5 rows-mismatch/,
    );
    const saved = JSON.parse(readFileSync(join(dir, 'lied.json'), 'utf8'));
    const [config] = saved.report.configs;
    expect(config.rows).toBe('executed');
    expect(config.cases[0].rows_check.outcome).toBe('rows-mismatch');
    expect(config.cases[0].explanation).toMatch(/rows-mismatch: the engine reported 1 row/);
    expect(saved.records[0].scoreboard.settings.rows).toBe('executed');
  });

  test("trust_reported_rows: the same answers pass, and everything says they were the engine's word", async () => {
    const r = await run(['--engine', 'trusted', '--save', 'trusted.json']);
    expect(r.code, r.err).toBe(EXIT.ok);
    expect(r.out).toMatch(/accuracy strict\s+5\/5 /);
    expect(r.out).toContain(
      "the engine's word: its reported rows were scored, its SQL not run here",
    );
    const saved = JSON.parse(readFileSync(join(dir, 'trusted.json'), 'utf8'));
    expect(saved.report.configs[0].rows).toBe('trusted');
    expect(saved.records[0].scoreboard.settings.rows).toBe('trusted');
  });
});
