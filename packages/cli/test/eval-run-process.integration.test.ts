// `eval run` of a process engine configured in evals.yaml (kind: process): a Node script
// speaking the protocol as JSON lines, run in the folder of evals.yaml, on the shop project's
// two SQLite databases. Scored like any external engine; its stderr passed through; ended
// when the run ends; a command that cannot start is one located line and exit 3.
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, test } from 'vitest';
import { EXIT, main } from '../src/index.js';
import { evalsYaml, writeShopProject } from './fixtures/shop-project.js';
import { captureIo } from './io-capture.js';

const ENV = { SHOP_ENGINE_TOKEN: 'unused-here' };

// The Python example of examples/ needs python3: without it that test skips with the reason
// printed, except under CI.
const EXAMPLE = fileURLToPath(
  new URL('../../../examples/python-process-engine/engine.py', import.meta.url),
);
const python = spawnSync('python3', ['--version'], { encoding: 'utf8' });
const noPython = python.error !== undefined || python.status !== 0;
if (noPython) {
  if (!['', '0', 'false', undefined].includes(process.env.CI))
    throw new Error('python3 is required under CI to run the process engine example');
  console.warn(
    'eval-run-process.integration.test.ts: the example test skips, python3 is not on PATH',
  );
}
const ENGINE = 'shop-line-engine.mjs';

let dir: string;

/** evals.yaml with a process engine `py` running the fixture with `args`, as the default. */
function processProject(name: string, ...args: string[]): string {
  const command = [process.execPath, ENGINE, ...args].map((p) => JSON.stringify(p)).join(', ');
  const file = join(dir, name);
  writeFileSync(
    file,
    evalsYaml('http://127.0.0.1:9').replace(
      'default_engine: mine',
      `  py: { kind: process, command: [${command}], ask_timeout_ms: 20000 }\ndefault_engine: py`,
    ),
  );
  return file;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'nl2sql-process-'));
  await writeShopProject(dir, 'http://127.0.0.1:9');
  copyFileSync(new URL(`./fixtures/${ENGINE}`, import.meta.url), join(dir, ENGINE));
  const c = captureIo({ cwd: dir, env: ENV });
  expect(await main(['suite', 'regenerate'], c.io), c.err()).toBe(EXIT.ok);
});

async function run(args: string[]) {
  const c = captureIo({ cwd: dir, env: ENV });
  const code = await main(['eval', 'run', ...args], c.io);
  return { code, out: c.out(), err: c.err() };
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('nl2sql eval run with a process engine (kind: process)', () => {
  test('scores it as an external engine, passes its stderr through, and ends it with the run', async () => {
    const config = processProject('process.yaml');
    const r = await run(['--config', config, '--json']);
    expect(r.code, r.err).toBe(EXIT.ok);
    const { report } = JSON.parse(r.out) as {
      report: {
        configs: {
          config: { name: string };
          cases: { case_id: string; role: string; status: string }[];
        }[];
      };
    };
    expect(report.configs.map((c) => c.config.name)).toEqual(['py']);
    const statuses = (report.configs[0]?.cases ?? [])
      .map((c) => `${c.case_id} ${c.role} ${c.status}`)
      .sort();
    expect(statuses).toEqual([
      'shop_customers analyst pass',
      'shop_customers intern pass',
      'shop_orders analyst fail',
      'shop_orders intern fail',
      'shop_oslo analyst pass',
      'shop_oslo intern fail',
      'support_names analyst pass',
      'support_names intern pass',
      'support_open analyst fail',
      'support_open intern fail',
    ]);
    expect(r.err).toContain('[py] asked: How many tickets are open?');
    const pid = Number(/\[py\] started pid (\d+)/.exec(r.err)?.[1]);
    expect(pid).toBeGreaterThan(0);
    expect(alive(pid)).toBe(false);
  });

  test('its stderr reaches the terminal with control characters shown escaped', async () => {
    const config = processProject('hostile-log.yaml', 'hostile-log');
    const r = await run(['--config', config, '--json']);
    expect(r.code, r.err).toBe(EXIT.ok);
    expect(r.err).toContain('[py] log \\x1b]0;pwned\\x07\\rlooks fine');
    for (const raw of ['\u0007', '\u001b', '\r']) expect(r.err).not.toContain(raw);
  });

  test('a command that exits at once: one line located at the engine, exit 3, nothing written', async () => {
    const config = processProject('exits.yaml', 'exit');
    const save = join(dir, 'never.json');
    const r = await run(['--config', config, '--save', save]);
    expect(r.code).toBe(EXIT.config);
    expect(r.out).toBe('');
    const lines = r.err
      .trim()
      .split('\n')
      .filter((l) => l.startsWith('nl2sql: '));
    expect(lines).toHaveLength(1);
    const line = readFileSync(config, 'utf8')
      .split('\n')
      .findIndex((l) => l.startsWith('  py:'));
    expect(lines[0]).toMatch(new RegExp(`^nl2sql: ${config}:${line + 1}: engines\\.py: `));
    expect(lines[0]).toContain('cannot load the model');
    expect(existsSync(save)).toBe(false);
  });

  test('a command that writes something other than a reply first: the same', async () => {
    const config = processProject('banner.yaml', 'banner');
    const save = join(dir, 'never-banner.json');
    const r = await run(['--config', config, '--save', save]);
    expect(r.code).toBe(EXIT.config);
    const lines = r.err
      .trim()
      .split('\n')
      .filter((l) => l.startsWith('nl2sql: '));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('engines.py: ');
    expect(lines[0]).toContain('Loading the shop engine...');
    expect(existsSync(save)).toBe(false);
  });

  test('Ctrl-C ends the process engine with the run: the partial board, exit 130', async () => {
    const config = processProject('slow.yaml', 'slow');
    const bin = fileURLToPath(new URL('../src/bin.ts', import.meta.url));
    const result = await new Promise<{ code: number | null; stdout: string; stderr: string }>(
      (resolve, reject) => {
        const args = ['eval', 'run', '--config', config, '--concurrency', '1'];
        const child = spawn(
          process.execPath,
          ['--conditions=@nl2sql/source', '--import', 'tsx', bin, ...args],
          { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...ENV } },
        );
        let stdout = '';
        let stderr = '';
        let sent = false;
        child.stdout.on('data', (d: Buffer) => {
          stdout += d.toString('utf8');
        });
        child.stderr.on('data', (d: Buffer) => {
          stderr += d.toString('utf8');
          if (!sent && /\[2\/\d+\]/.test(stderr)) {
            sent = true;
            child.kill('SIGINT');
          }
        });
        child.on('error', reject);
        child.on('close', (code) => resolve({ code, stdout, stderr }));
      },
    );
    expect(result.code, result.stderr).toBe(EXIT.stopped);
    expect(result.stdout).toMatch(/case runs\s+\d+\/10/);
    const pid = Number(/\[py\] started pid (\d+)/.exec(result.stderr)?.[1]);
    expect(pid).toBeGreaterThan(0);
    expect(alive(pid)).toBe(false);
  });

  test('a second Ctrl-C exits at once while an engine does not let go: exit 130, the engine ended', async () => {
    const config = processProject('stubborn.yaml', 'stubborn');
    const bin = fileURLToPath(new URL('../src/bin.ts', import.meta.url));
    const result = await new Promise<{
      code: number | null;
      stderr: string;
      stdout: string;
      ms: number;
    }>((resolve, reject) => {
      const args = ['eval', 'run', '--config', config, '--concurrency', '1'];
      const child = spawn(
        process.execPath,
        ['--conditions=@nl2sql/source', '--import', 'tsx', bin, ...args],
        { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...ENV } },
      );
      let stdout = '';
      let stderr = '';
      let first = 0;
      child.stdout.on('data', (d: Buffer) => {
        stdout += d.toString('utf8');
      });
      child.stderr.on('data', (d: Buffer) => {
        stderr += d.toString('utf8');
        if (first === 0 && /\[2\/\d+\]/.test(stderr)) {
          first = performance.now();
          child.kill('SIGINT');
          // The engine holds the run's end for its grace period: the second one comes in it.
          setTimeout(() => child.kill('SIGINT'), 300);
        }
      });
      child.on('error', reject);
      child.on('close', (code) =>
        resolve({ code, stdout, stderr, ms: Math.round(performance.now() - first) }),
      );
    });
    expect(result.code, result.stderr).toBe(EXIT.stopped);
    expect(result.stderr).toContain('nl2sql: SIGINT again: exiting without the board');
    // The partial board came first; then the engine held the run's end until the second.
    expect(result.stdout).toMatch(/case runs\s+\d+\/10/);
    // At once: well before the engine's grace period (2 s) would have run out.
    expect(result.ms).toBeLessThan(1500);
    const pid = Number(/\[py\] started pid (\d+)/.exec(result.stderr)?.[1]);
    expect(pid).toBeGreaterThan(0);
    // The exit ends the engine's process group too, however it ignores SIGTERM.
    for (let i = 0; i < 50 && alive(pid); i++) await new Promise((r) => setTimeout(r, 100));
    expect(alive(pid)).toBe(false);
  });

  test.skipIf(noPython)(
    "the Python example of examples/ as a project's engine: scored case by case",
    async () => {
      // Its "model" is a question -> SQL table: right on two questions, wrong on one; it
      // answers every role alike, so the intern is not refused where the policy says so.
      writeFileSync(
        join(dir, 'answers.json'),
        JSON.stringify({
          'How many customers are there?': 'SELECT COUNT(*) AS n FROM customers',
          'What do all orders come to?': 'SELECT SUM(total) AS total FROM orders WHERE id > 1',
          'Which customers live in Oslo?':
            "SELECT name FROM customers WHERE city = 'Oslo' ORDER BY name",
        }),
      );
      const command = ['python3', EXAMPLE, '--db', 'data/shop.sqlite', '--answers', 'answers.json'];
      const config = join(dir, 'python.yaml');
      writeFileSync(
        config,
        evalsYaml('http://127.0.0.1:9').replace(
          'default_engine: mine',
          `  example: { kind: process, command: ${JSON.stringify(command)} }\ndefault_engine: mine`,
        ),
      );
      const r = await run([
        '--config',
        config,
        '--engine',
        'example',
        '--datasource',
        'shop',
        '--json',
      ]);
      expect(r.code, r.err).toBe(EXIT.ok);
      const { report } = JSON.parse(r.out) as {
        report: { configs: { cases: { case_id: string; role: string; status: string }[] }[] };
      };
      expect(
        (report.configs[0]?.cases ?? []).map((c) => `${c.case_id} ${c.role} ${c.status}`).sort(),
      ).toEqual([
        'shop_customers analyst pass',
        'shop_customers intern fail',
        'shop_orders analyst fail',
        'shop_orders intern fail',
        'shop_oslo analyst pass',
        'shop_oslo intern fail',
      ]);
    },
  );
});
