import { validateRecord } from '@nl2sql/records';
import { defaultPlugins } from '@nl2sql/runner-plugins';
import { describe, expect, it } from 'vitest';
import { RESULT_HEAD_ROWS, reportRecords, runEval, runReportJson } from '../src/index.js';
import { FakeEngine } from './fake-engine.js';
import { SUITE } from './suite-fixture.js';

/** The default plugins (@nl2sql/runner-plugins): the runner's own tests run with the real passes. */
const PLUGINS = await defaultPlugins();

const database = {
  datasource_id: 'chinook',
  engine: 'sqlite',
  schema_fingerprint: 'f'.repeat(64),
  tables: 11,
  columns: 64,
};
const git = { commit: 'unknown', shortSha: 'unknown', dirty: 'unknown' as const, root: null };

describe('runReportJson: what --json and --save write of each case run', () => {
  it('carries the written answer and the first rows; the records made of the same run carry neither', async () => {
    const long = Array.from({ length: 30 }, (_, i) => [i, `row ${i}`]);
    const engine = new FakeEngine(SUITE, {
      override: {
        c2: () => ({
          results: [{ columns: ['id', 'name'], rows: long, truncated: false }],
          answer: 'Thirty rows, the first is row 0.',
        }),
      },
    });
    const report = await runEval({
      plugins: PLUGINS,
      suite: SUITE,
      engine,
      database,
      sqlChecks: false,
    });
    const json = runReportJson(report);
    const cases = json.configs[0]?.cases ?? [];
    const c1 = cases.find((c) => c.case_id === 'c1' && c.role === 'analyst');
    expect(c1?.answer).toMatch(/^There are \d+ rows\.$/);
    expect(c1?.result).toMatchObject({ truncated: false });
    expect(c1?.result?.rows).toEqual(SUITE.cases[0]?.rows);

    const c2 = cases.find((c) => c.case_id === 'c2' && c.role === 'analyst');
    expect(c2?.answer).toBe('Thirty rows, the first is row 0.');
    expect(c2?.result).toEqual({
      columns: ['id', 'name'],
      rows: long.slice(0, RESULT_HEAD_ROWS),
      truncated: true,
    });
    expect(c2?.row_count).toBe(30);

    // A refusal returns no rows and no answer.
    const refused = cases.find((c) => c.case_id === 'c3' && c.role === 'support');
    expect(refused).toMatchObject({ answer: null, result: null });

    for (const record of reportRecords(report, { git })) {
      expect(() => validateRecord(record, 'record')).not.toThrow();
      for (const run of record.scoreboard.cases) {
        expect(run).not.toHaveProperty('answer');
        expect(run).not.toHaveProperty('result');
      }
    }
  });
});
