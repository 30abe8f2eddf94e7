// evaluate() and mergeRuns() from a script, on the real Chinook database: the result carries
// the report, the records, the gate and the exit code; progress and the board go to the Io
// given; reporters write their files; a bad options object is one usage error (exit 2) that
// names the option; a shard pair merged is the run it was split from.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHINOOK_SUITE_PATH, chinookForTests } from '@nl2sql/datasets';
import { writeRecord } from '@nl2sql/records';
import { parseSuite } from '@nl2sql/suite';
import { describe, expect, test } from 'vitest';
import { EvaluateError, EXIT, evaluate, mergeRuns, readSavedReport } from '../src/index.js';
import { captureIo } from './capture-io.js';

// Tests that read the real Chinook database skip, with the reason printed, where the
// documented lookup cannot find it (under CI it is always found).
const chinook = await chinookForTests();
const db = chinook.path as string;
const CASES = ['chinook_001', 'chinook_002', 'chinook_003', 'chinook_010'];

const tempDir = () => mkdtempSync(join(tmpdir(), 'nl2sql-evaluate-'));

describe('evaluate(): options in, report, records, gate and exit code out', () => {
  test.skipIf(!chinook.path)(
    'runs the reference engine on gold plans, prints the board and writes the reporters',
    async () => {
      const dir = tempDir();
      const c = captureIo(dir);
      const result = await evaluate(
        { db, cases: CASES, reporters: ['text', 'junit=junit.xml'], save: 'run.json' },
        c.io,
      );
      expect(result.exitCode, c.err()).toBe(EXIT.ok);
      expect(result.stopped).toBe(false);
      expect(result.gate).toEqual({ status: 'not asked' });
      const [board] = result.report.configs;
      // One case run per case and role of its outcome map.
      expect(new Set(board?.cases.map((r) => r.caseId))).toEqual(new Set(CASES));
      expect(board?.cases.every((r) => r.status === 'pass')).toBe(true);
      const records = result.records();
      expect(records).toHaveLength(1);
      expect(records[0]?.scoreboard.cases.length).toBe(board?.cases.length);
      // The board on stdout, progress and the saved line on stderr, the reporters' files.
      expect(c.out()).toMatch(/^nl2sql eval, mode plans, suite chinook/);
      expect(c.err()).toContain('saved run.json (1 record)');
      expect(readFileSync(join(dir, 'junit.xml'), 'utf8')).toContain('<testsuite');
      expect(readSavedReport(join(dir, 'run.json')).records).toHaveLength(1);
    },
  );

  test.skipIf(!chinook.path)(
    'scores a predictions file: a wrong answer is a failed case run, and the exit code is 0 (its score)',
    async () => {
      const dir = tempDir();
      const suite = parseSuite(readFileSync(CHINOOK_SUITE_PATH, 'utf8'), CHINOOK_SUITE_PATH);
      const gold = (id: string) => suite.cases.find((c) => c.id === id)?.sql as string;
      const lines = CASES.map((id, i) => ({
        id,
        sql: i === 1 ? 'SELECT 1 WHERE 0' : gold(id),
      }));
      writeFileSync(join(dir, 'answers.jsonl'), lines.map((l) => JSON.stringify(l)).join('\n'));
      const c = captureIo(dir);
      // The file's SQL answers as role admin (every other role of the suite is refused some).
      const result = await evaluate(
        { db, cases: CASES, roles: ['admin'], predictions: 'answers.jsonl', json: true },
        c.io,
      );
      expect(result.exitCode, c.err()).toBe(EXIT.ok);
      const runs = result.report.configs[0]?.cases ?? [];
      const failed = runs.filter((r) => r.status !== 'pass').map((r) => r.caseId);
      expect(failed).toEqual([CASES[1]]);
      // --json: the report on stdout, parseable.
      expect(JSON.parse(c.out()).report.configs).toHaveLength(1);
    },
  );

  test.skipIf(!chinook.path)(
    'checks on the database only the cases it asks: a broken gold elsewhere refuses only the run that asks it',
    async () => {
      const dir = tempDir();
      const suite = parseSuite(readFileSync(CHINOOK_SUITE_PATH, 'utf8'), CHINOOK_SUITE_PATH);
      const broken = {
        ...suite,
        cases: suite.cases.map((c) =>
          c.id === 'chinook_020' ? { ...c, sql: 'SELECT Nope FROM Artist' } : c,
        ),
      };
      // YAML reads JSON: the suite as parsed, one gold broken
      writeFileSync(join(dir, 'suite.yaml'), JSON.stringify(broken));
      const gold = (id: string) => suite.cases.find((c) => c.id === id)?.sql as string;
      const answers = (ids: string[]) =>
        ids.map((id) => JSON.stringify({ id, sql: gold(id) })).join('\n');
      writeFileSync(join(dir, 'answers.jsonl'), answers(CASES));
      const options = { db, suite: 'suite.yaml', roles: ['admin'], predictions: 'answers.jsonl' };
      const asked = captureIo(dir);
      const fine = await evaluate({ ...options, cases: CASES }, asked.io);
      expect(fine.exitCode, asked.err()).toBe(EXIT.ok);
      writeFileSync(join(dir, 'answers.jsonl'), answers([...CASES, 'chinook_020']));
      const refused = evaluate({ ...options, cases: [...CASES, 'chinook_020'] }, captureIo(dir).io);
      await expect(refused).rejects.toThrow(/chinook_020.*sql-fails/s);
      await expect(refused).rejects.toMatchObject({ exitCode: EXIT.config });
    },
  );

  test.skipIf(!chinook.path)('gates against a baseline saved by an earlier run', async () => {
    const dir = tempDir();
    const first = await evaluate({ db, cases: CASES, save: 'base/run.json' }, captureIo(dir).io);
    expect(first.exitCode).toBe(EXIT.ok);
    // Publish the baseline as records (what `eval publish` writes) and gate a second run on it.
    for (const record of first.records()) writeRecord(join(dir, 'records'), record);
    const c = captureIo(dir);
    const second = await evaluate({ db, cases: CASES, baseline: 'records' }, c.io);
    expect(second.exitCode, c.err()).toBe(EXIT.ok);
    expect(second.gate.status).toBe('gated');
  });

  test.skipIf(!chinook.path)('mergeRuns(): two shards merge into the run they split', async () => {
    const dir = tempDir();
    for (const shard of ['1/2', '2/2']) {
      const c = captureIo(dir);
      const part = await evaluate(
        { db, cases: CASES, shard, save: `shard-${shard[0]}.json` },
        c.io,
      );
      expect(part.exitCode, c.err()).toBe(EXIT.ok);
    }
    const c = captureIo(dir);
    const merged = await mergeRuns(
      { shards: ['shard-1.json', 'shard-2.json'], save: 'all.json' },
      c.io,
    );
    expect(merged.exitCode, c.err()).toBe(EXIT.ok);
    const whole = await evaluate({ db, cases: CASES }, captureIo(dir).io);
    const runs = (r: typeof whole) =>
      r.report.configs[0]?.cases.map((run) => `${run.caseId} ${run.role} ${run.status}`).sort();
    expect(runs(merged)).toEqual(runs(whole));
    expect(merged.records()).toHaveLength(1);
    expect(c.err()).toContain('merged 2 shards');
  });
});

describe('evaluate(): a bad options object is refused before anything runs', () => {
  const refused = async (options: object) => {
    try {
      await evaluate(options as never, captureIo(tempDir()).io);
    } catch (error) {
      expect(error).toBeInstanceOf(EvaluateError);
      return error as EvaluateError;
    }
    throw new Error('evaluate() accepted the options');
  };

  test('an unknown option (a typo) is named with the ones there are', async () => {
    const error = await refused({ maxcost: 5 });
    expect(error.exitCode).toBe(EXIT.usage);
    expect(error.message).toMatch(/^evaluate: unknown option maxcost \(the options are .*maxCost/);
  });

  test('a value of the wrong type or out of range names the option', async () => {
    expect((await refused({ passes: 101 })).message).toMatch(/^evaluate: option passes: /);
    expect((await refused({ passes: 1.5 })).exitCode).toBe(EXIT.usage);
    expect((await refused({ mode: 'everything' })).message).toMatch(/option mode/);
    expect((await refused({ maxCost: 0 })).message).toMatch(/option maxCost/);
    expect((await refused({ roles: 3 })).message).toMatch(/option roles/);
  });

  test('the rules between options are the command line’s, with its messages', async () => {
    expect((await refused({ resume: true })).message).toBe('--resume needs --journal FILE');
    expect((await refused({ mode: 'full' })).message).toMatch(/^mode full spends money/);
    expect((await refused({ predictions: 'p.jsonl', passes: 2 })).message).toMatch(
      /^--passes with --predictions/,
    );
  });

  test('mergeRuns() needs its shard files', async () => {
    await expect(mergeRuns({ shards: [] }, captureIo(tempDir()).io)).rejects.toThrow(
      /^mergeRuns: option shards: /,
    );
  });
});
