import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chinookForTests } from '@nl2sql/datasets';
import {
  formatRecord,
  RESULTS_END,
  RESULTS_START,
  type RunRecord,
  writeRecord,
} from '@nl2sql/records';
import { buildBoard, type CaseRunRecord, fromCaseRunRecord } from '@nl2sql/runner';
import { beforeAll, describe, expect, test } from 'vitest';
import { readSavedReport } from '../src/eval/saved-report.js';
import { EXIT, main } from '../src/index.js';
import { captureIo } from './io-capture.js';

// Tests that read the real Chinook database skip, with the reason printed, where the
// documented lookup cannot find it (never under CI, where a missing database is a failure).
const chinook = await chinookForTests();
const noChinook = chinook.path === undefined;

let dir: string;
let saved: string;
let record: RunRecord;

beforeAll(async () => {
  if (noChinook) return;
  dir = mkdtempSync(join(tmpdir(), 'nl2sql-gate-'));
  saved = join(dir, 'report.json');
  const c = captureIo();
  expect(
    await main(['eval', 'run', '--cases', 'chinook_001,chinook_002', '--save', saved], c.io),
  ).toBe(EXIT.ok);
  const first = readSavedReport(saved).records[0];
  if (!first) throw new Error('no record');
  record = first;
}, 60_000);

/** The same run with one case run turned into a failure, its board recomputed. */
function regressed(): RunRecord {
  const cases = record.scoreboard.cases.map((r, i) =>
    i === 0 ? { ...r, status: 'fail' as const, lenient_status: 'fail' as const } : r,
  ) as CaseRunRecord[];
  return {
    ...record,
    recorded_at: '2099-01-01T00:00:00Z',
    metrics: buildBoard(cases.map(fromCaseRunRecord), {
      passes: 1,
      curated: false,
      faithfulness: false,
    }),
    scoreboard: { ...record.scoreboard, cases },
  };
}

describe.skipIf(noChinook)('nl2sql eval gate', () => {
  test('passes against the same run, fails on a flipped case (exit 1) and names it', async () => {
    const benchmarks = join(dir, 'benchmarks');
    // An earlier run of the same kind: a record is never its own baseline.
    writeRecord(benchmarks, { ...record, recorded_at: '2000-01-01T00:00:00Z' });
    const ok = captureIo();
    expect(await main(['eval', 'gate', saved, '--baseline', benchmarks], ok.io)).toBe(EXIT.ok);
    expect(ok.out()).toContain('gate: PASS');
    const worse = join(dir, 'worse.json');
    writeFileSync(worse, formatRecord(regressed()));
    const bad = captureIo();
    expect(await main(['eval', 'gate', worse, '--baseline', benchmarks], bad.io)).toBe(EXIT.failed);
    expect(bad.out()).toContain('gate: FAIL');
    expect(bad.out()).toContain(record.scoreboard.cases[0]?.case_id ?? '?');
    // The accuracy delta, and in colour with FORCE_COLOR: FAIL and the lost points red.
    const n = record.scoreboard.cases.length;
    expect(bad.out()).toContain(
      `delta plans strict ${n}/${n} 100.0% -> ${n - 1}/${n} ${(100 * ((n - 1) / n)).toFixed(1)}% (-`,
    );
    const coloured = captureIo({ env: { FORCE_COLOR: '1' } });
    expect(await main(['eval', 'gate', worse, '--baseline', benchmarks], coloured.io)).toBe(
      EXIT.failed,
    );
    expect(coloured.out()).toContain('gate: \u001b[31mFAIL\u001b[39m');
    // --json carries the same deltas, as figures; colour never reaches JSON.
    const json = captureIo({ env: { FORCE_COLOR: '1' } });
    expect(await main(['eval', 'gate', worse, '--baseline', benchmarks, '--json'], json.io)).toBe(
      EXIT.failed,
    );
    expect(json.out()).not.toContain('\u001b[');
    const [gated] = JSON.parse(json.out()) as {
      pass: boolean;
      deltas: { config: string; measure: string; before: number; after: number }[];
    }[];
    expect(gated?.pass).toBe(false);
    expect(gated?.deltas.find((d) => d.measure === 'strict')).toMatchObject({
      config: 'plans',
      before: 1,
      after: (n - 1) / n,
    });
    // eval run --baseline gates the same way.
    const run = captureIo();
    expect(
      await main(
        ['eval', 'run', '--cases', 'chinook_001,chinook_002', '--baseline', benchmarks],
        run.io,
      ),
    ).toBe(EXIT.ok);
    expect(run.out()).toContain('gate: PASS');
  }, 60_000);

  test('no comparable baseline is a configuration error (exit 3)', async () => {
    const c = captureIo();
    expect(await main(['eval', 'gate', saved, '--baseline', join(dir, 'empty')], c.io)).toBe(
      EXIT.config,
    );
    expect(c.err()).toContain('no comparable baseline');
  });
});

describe.skipIf(noChinook)('nl2sql eval publish', () => {
  test('records the report, rewrites the pages, and gives byte-identical pages from the same records', async () => {
    const root = mkdtempSync(join(tmpdir(), 'nl2sql-publish-'));
    writeFileSync(join(root, 'README.md'), `# project\n\n${RESULTS_START}\n${RESULTS_END}\n`);
    const c = captureIo({ cwd: root });
    expect(await main(['eval', 'publish', saved], c.io)).toBe(EXIT.ok);
    expect(c.out()).toMatch(/recorded .*benchmarks\/plans\/chinook\/.*_plans\.json/);
    const page = readFileSync(join(root, 'docs/benchmarks.md'), 'utf8');
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    expect(readme).not.toBe(`# project\n\n${RESULTS_START}\n${RESULTS_END}\n`);
    const again = captureIo({ cwd: root });
    expect(await main(['eval', 'publish'], again.io)).toBe(EXIT.ok);
    expect(again.out()).toBe('pages unchanged');
    expect(readFileSync(join(root, 'docs/benchmarks.md'), 'utf8')).toBe(page);
    const check = captureIo({ cwd: root });
    expect(await main(['eval', 'publish', '--check'], check.io)).toBe(EXIT.ok);
    writeFileSync(join(root, 'docs/benchmarks.md'), `${page}edited\n`);
    const stale = captureIo({ cwd: root });
    expect(await main(['eval', 'publish', '--check'], stale.io)).toBe(EXIT.failed);
    expect(stale.out()).toContain('stale');
  }, 60_000);

  test('an unreadable report is a configuration error and records nothing', async () => {
    const root = mkdtempSync(join(tmpdir(), 'nl2sql-publish-'));
    writeFileSync(join(root, 'junk.json'), '{"hello": 1}');
    const c = captureIo({ cwd: root });
    expect(await main(['eval', 'publish', 'junk.json'], c.io)).toBe(EXIT.config);
  });
});
