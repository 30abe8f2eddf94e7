// `eval run --shard i/n` and `eval merge`: Chinook in mode plans run once, and as three
// shards merged, save the same report (board, case runs, records, so the same gate input)
// apart from timings; and the merge refuses shards that do not make one run.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chinookForTests } from '@nl2sql/datasets';
import { RESULTS_END, RESULTS_START, toRunSummary } from '@nl2sql/records';
import { beforeAll, describe, expect, test } from 'vitest';
import { readSavedReport } from '../src/eval/saved-report.js';
import { EXIT, main } from '../src/index.js';
import { captureIo } from './io-capture.js';

const chinook = await chinookForTests();
const noChinook = chinook.path === undefined;

type Json = Record<string, unknown>;

/** What differs between two runs of the same answers: when they ran and how long things took. */
const TIMINGS = new Set([
  'started_at',
  'timings',
  'recorded_at',
  'latency',
  'harness_overhead',
  'latency_ms',
  'harness_ms',
]);

function withoutTimings(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutTimings);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !TIMINGS.has(key))
      .map(([key, v]) => [key, withoutTimings(v)]),
  );
}

const dir = mkdtempSync(join(tmpdir(), 'nl2sql-shards-'));
const file = (name: string) => join(dir, name);
const shardFiles = [1, 2, 3].map((i) => file(`shard-${i}.json`));

/** The reporters compared between the unsharded run and the merge, writing under `prefix`. */
const reporterFlags = (prefix: string) => [
  '--reporter',
  'text',
  '--reporter',
  `junit=${file(`${prefix}.xml`)}`,
  '--reporter',
  `json=${file(`${prefix}-reporter.json`)}`,
  '--report',
  file(`${prefix}.html`),
];

/** JUnit XML with the attributes that say when and how long left out. */
const junitWithoutTimings = (xml: string) => xml.replace(/ (time|timestamp)="[^"]*"/g, '');

/** The text board without the lines that report timings. */
const boardWithoutTimings = (text: string) =>
  text
    .split('\n')
    .filter((line) => !/latency|overhead|wall|p50|p95/i.test(line))
    .join('\n');

async function run(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const c = captureIo();
  const code = await main(args, c.io);
  return { code, out: c.out(), err: c.err() };
}

describe.skipIf(noChinook)('eval run --shard and eval merge on Chinook', () => {
  beforeAll(async () => {
    // The whole run writes every reporter a merge can be asked for, to compare with it.
    const whole = await run([
      'eval',
      'run',
      '--save',
      file('whole.json'),
      ...reporterFlags('whole'),
    ]);
    expect(whole.code, whole.err.slice(-3000)).toBe(EXIT.ok);
    for (const [i, path] of shardFiles.entries()) {
      const shard = await run(['eval', 'run', '--shard', `${i + 1}/3`, '--save', path]);
      expect(shard.code, shard.err).toBe(EXIT.ok);
      expect(shard.err).toContain(`(shard ${i + 1}/3; merge every shard`);
    }
  }, 600_000);

  test('three shards merged save what one run saves, apart from timings', async () => {
    const merged = await run(['eval', 'merge', ...shardFiles, '--save', file('merged.json')]);
    expect(merged.code, merged.err).toBe(EXIT.ok);
    expect(merged.out).toMatch(/case runs\s+141\/141/);
    expect(merged.err).toContain('merged 3 shards: 141 case runs');

    const whole = JSON.parse(readFileSync(file('whole.json'), 'utf8')) as Json;
    const fromShards = JSON.parse(readFileSync(file('merged.json'), 'utf8')) as Json;
    expect(withoutTimings(fromShards)).toEqual(withoutTimings(whole));
    // Each shard ran a part: no shard alone holds the run.
    const sizes = shardFiles.map(
      (path) =>
        (JSON.parse(readFileSync(path, 'utf8')) as { report: { planned_cases: number } }).report
          .planned_cases,
    );
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(141);
    expect(Math.max(...sizes)).toBeLessThan(141);
    // The records are what publish stores and the gate reads: the same gate input.
    const a = readSavedReport(file('whole.json')).records;
    const b = readSavedReport(file('merged.json')).records;
    expect(withoutTimings(toRunSummary(b))).toEqual(withoutTimings(toRunSummary(a)));
    // The merged records are those of the run that ended with its last shard.
    const last = shardFiles
      .map(
        (path) => (JSON.parse(readFileSync(path, 'utf8')) as { finished_at: string }).finished_at,
      )
      .sort()
      .at(-1) as string;
    expect(b[0]?.recorded_at).toBe(last.replace(/\.\d{3}Z$/, 'Z'));
  });

  test('eval merge --reporter writes what the unsharded run wrote, apart from timings', async () => {
    const merged = await run(['eval', 'merge', ...shardFiles, ...reporterFlags('merged')]);
    expect(merged.code, merged.err).toBe(EXIT.ok);
    const junit = (name: string) => junitWithoutTimings(readFileSync(file(name), 'utf8'));
    expect(junit('merged.xml')).toContain('<testcase');
    expect(junit('merged.xml')).toBe(junit('whole.xml'));
    const json = (name: string) => withoutTimings(JSON.parse(readFileSync(file(name), 'utf8')));
    expect(json('merged-reporter.json')).toEqual(json('whole-reporter.json'));
    // The HTML page was written from the merged run, with the suite's gold beside it.
    const page = readFileSync(file('merged.html'), 'utf8');
    expect(page).toContain('chinook_001');
    expect(merged.err).toMatch(/wrote .*merged\.html \(141 case runs/);
    // The board on stdout is the unsharded run's board.
    const first = await run(['eval', 'merge', ...shardFiles]);
    expect(boardWithoutTimings(merged.out)).toBe(boardWithoutTimings(first.out));
    expect(merged.out).toMatch(/case runs\s+141\/141/);
  });

  test("a reporter that points into the suite needs the shards' suite: another is refused (exit 3)", async () => {
    const edited = file('edited-suite.yaml');
    const { CHINOOK_SUITE_PATH } = await import('@nl2sql/datasets');
    writeFileSync(edited, `${readFileSync(CHINOOK_SUITE_PATH, 'utf8')}\n# edited\n`);
    const refused = await run([
      'eval',
      'merge',
      ...shardFiles,
      '--suite',
      edited,
      '--reporter',
      `junit=${file('refused.xml')}`,
    ]);
    expect(refused.code).toBe(EXIT.config);
    expect(refused.err).toContain('point into the suite the shards ran on');
    expect(refused.err).toContain(`${edited} (another digest)`);
    // The board alone reads no suite, so the same --suite does not stop it.
    const board = await run(['eval', 'merge', ...shardFiles, '--suite', edited]);
    expect(board.code, board.err).toBe(EXIT.ok);
  });

  test('a missing or doubled shard, a whole run and another run are refused, named (exit 3)', async () => {
    const missing = await run(['eval', 'merge', shardFiles[0] as string, shardFiles[2] as string]);
    expect(missing.code).toBe(EXIT.config);
    expect(missing.err).toContain('shard 2/3 is missing');
    const doubled = await run(['eval', 'merge', ...shardFiles, shardFiles[1] as string]);
    expect(doubled.code).toBe(EXIT.config);
    expect(doubled.err).toMatch(/shard 2\/3 is given 2 times/);
    const whole = await run(['eval', 'merge', file('whole.json')]);
    expect(whole.code).toBe(EXIT.config);
    expect(whole.err).toContain('is the report of a whole run, not of a shard');
    // Shard 2 saved from a run with other options (2 passes) is another run.
    const other = file('other-2.json');
    const two = await run([
      'eval',
      'run',
      '--shard',
      '2/3',
      '--cases',
      'chinook_002',
      '--save',
      other,
    ]);
    expect(two.code, two.err).toBe(EXIT.ok);
    const mixed = await run([
      'eval',
      'merge',
      shardFiles[0] as string,
      other,
      shardFiles[2] as string,
    ]);
    expect(mixed.code).toBe(EXIT.config);
    expect(mixed.err).toMatch(
      /shard 2\/3 \(.*other-2.json\) is not of the same run[\s\S]*task list/,
    );
    // A shard edited to another commit ran another engine.
    const moved = file('moved-3.json');
    const saved = JSON.parse(readFileSync(shardFiles[2] as string, 'utf8')) as Json;
    writeFileSync(
      moved,
      JSON.stringify({ ...saved, git: { commit: 'f'.repeat(40), dirty: false } }),
    );
    const commits = await run([
      'eval',
      'merge',
      shardFiles[0] as string,
      shardFiles[1] as string,
      moved,
    ]);
    expect(commits.code).toBe(EXIT.config);
    expect(commits.err).toContain('the shards ran at different commits');
  });

  test('a shard is not published or gated alone: publish and gate send it to eval merge', async () => {
    const publish = await run([
      'eval',
      'publish',
      shardFiles[0] as string,
      '--benchmarks',
      file('bench'),
    ]);
    expect(publish.code).toBe(EXIT.config);
    expect(publish.err).toContain('is one shard of a run');
    expect(publish.err).toContain('nl2sql eval merge');
    const gate = await run(['eval', 'gate', shardFiles[0] as string, '--baseline', file('bench')]);
    expect(gate.code).toBe(EXIT.config);
    expect(gate.err).toContain('is one shard of a run');
  });

  test('the merged run is gated as a whole run: --baseline against the unsharded run passes', async () => {
    const bench = file('benchmarks');
    writeFileSync(file('README.md'), `# project\n\n${RESULTS_START}\n${RESULTS_END}\n`);
    const published = await run([
      'eval',
      'publish',
      file('whole.json'),
      '--benchmarks',
      bench,
      '--page',
      file('page.md'),
      '--readme',
      file('README.md'),
    ]);
    expect(published.code, published.err).toBe(EXIT.ok);
    const gated = await run(['eval', 'merge', ...shardFiles, '--baseline', bench]);
    expect(gated.code, gated.err).toBe(EXIT.ok);
    expect(gated.out).toContain('gate: PASS');
    // The gate's limits are eval run's flags (and evals.yaml's gate section).
    const limits = await run([
      'eval',
      'merge',
      ...shardFiles,
      '--baseline',
      bench,
      '--max-cost-increase',
      '0.5',
    ]);
    expect(limits.code, limits.err).toBe(EXIT.ok);
    expect(limits.out).toContain('within max_cost_increase +50.0%');
  });
});

describe('eval run --shard: what a shard refuses', () => {
  test('a shard is not gated or noted alone (usage, exit 2), and --shard must be i/n', async () => {
    const base = ['eval', 'run', '--shard', '1/3'];
    for (const extra of [
      ['--baseline', 'benchmarks'],
      ['--note', 'x'],
      ['--report', 'page.html'],
      ['--reporter', 'html=page.html'],
    ]) {
      const refused = await run([...base, ...extra]);
      expect(refused.code).toBe(EXIT.usage);
    }
    expect((await run([...base, '--baseline', 'b'])).err).toContain(
      'eval merge SHARD... --baseline DIR',
    );
    expect((await run([...base, '--report', 'page.html'])).err).toContain('nl2sql eval report');
    for (const bad of ['0/3', '4/3', '3', '1/1001', 'a/b']) {
      expect((await run(['eval', 'run', '--shard', bad])).code, bad).toBe(EXIT.usage);
    }
    expect((await run(['eval', 'run', '--shard-max-cost', '1'])).code).toBe(EXIT.usage);
    expect((await run(['eval', 'merge'])).code).toBe(EXIT.usage);
  });
});
