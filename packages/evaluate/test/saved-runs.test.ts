// What a script does with saved runs, as `eval publish`, `eval gate` and `eval report` do:
// record a run as the baseline, gate a second one on it, write the HTML page of both.
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chinookForTests } from '@nl2sql/datasets';
import { RESULTS_END, RESULTS_START } from '@nl2sql/records';
import { describe, expect, test } from 'vitest';
import {
  EvaluateError,
  EXIT,
  evaluate,
  gateRuns,
  publishRuns,
  writeReportPage,
} from '../src/index.js';
import { captureIo } from './capture-io.js';

const chinook = await chinookForTests();
const db = chinook.path as string;
const CASES = ['chinook_001', 'chinook_002'];

describe('publishRuns(), gateRuns(), writeReportPage()', () => {
  test.skipIf(!chinook.path)(
    'record, gate against the record, and the page of the runs',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'nl2sql-saved-runs-'));
      writeFileSync(join(dir, 'README.md'), `# runs\n\n${RESULTS_START}\n${RESULTS_END}\n`);
      for (const name of ['first', 'second'])
        expect(
          (await evaluate({ db, cases: CASES, save: `${name}.json` }, captureIo(dir).io)).exitCode,
        ).toBe(EXIT.ok);

      const published = await publishRuns({ reports: ['first.json'] }, captureIo(dir).io);
      expect(published.exitCode).toBe(EXIT.ok);
      expect(published.recorded).toHaveLength(1);
      expect(published.written.length).toBeGreaterThan(0);
      expect(readdirSync(join(dir, 'benchmarks'))).toEqual(['plans']);
      // Nothing left to write: check says the pages are up to date.
      const checked = await publishRuns({ check: true }, captureIo(dir).io);
      expect([checked.exitCode, checked.stale]).toEqual([EXIT.ok, []]);

      const c = captureIo(dir);
      const gated = await gateRuns({ reports: ['second.json'], json: true }, c.io);
      expect(gated.exitCode).toBe(EXIT.ok);
      expect(gated.gates.map((g) => [g.report, g.gate.pass])).toEqual([['second.json', true]]);
      expect(JSON.parse(c.out())[0].pass).toBe(true);

      const page = await writeReportPage(
        { saved: ['first.json', 'second.json'], db },
        captureIo(dir).io,
      );
      expect(page.exitCode).toBe(EXIT.ok);
      expect(page.caseRuns).toBeGreaterThanOrEqual(2 * CASES.length);
      expect(existsSync(page.path)).toBe(true);
      expect(readFileSync(page.path, 'utf8')).toContain('chinook_002');
    },
  );

  test('each refuses an options object without its files, naming the option', async () => {
    const io = captureIo(tmpdir()).io;
    await expect(gateRuns({ reports: [] }, io)).rejects.toThrow(/^gateRuns: option reports: /);
    await expect(writeReportPage({ saved: [] }, io)).rejects.toThrow(
      /^writeReportPage: option saved: /,
    );
    await expect(publishRuns({ pages: 'x' } as never, io)).rejects.toBeInstanceOf(EvaluateError);
  });
});
