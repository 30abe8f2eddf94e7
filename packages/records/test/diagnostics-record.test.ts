import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { recordIssues } from '../src/index.js';

// A record of a real run with issue 16's diagnostics (mode plans on Chinook, test suite on).
const RECORDED = new URL(
  '../../../benchmarks/plans/chinook/2026-11-30_ffcb33f_plans.json',
  import.meta.url,
);
// biome-ignore lint/suspicious/noExplicitAny: tests break records in ways the type forbids
type Loose = any;
const RECORD: Loose = JSON.parse(readFileSync(RECORDED, 'utf8'));
const recorded = (): Loose => structuredClone(RECORD);
const fields = (record: Loose) => recordIssues(record).map((issue) => issue.field);

describe('diagnostics in a record', () => {
  it('a recorded run with diagnostics is valid, and so is the same run without them (an older record)', () => {
    const record = recorded();
    expect(record.metrics.diagnostics.test_suite.databases).toBeGreaterThan(0);
    expect(recordIssues(record)).toEqual([]);
    delete record.metrics.diagnostics;
    for (const c of record.scoreboard.cases) delete c.diagnostics;
    expect(recordIssues(record)).toEqual([]);
  });

  it('a case run whose diagnostics do not apply writes null', () => {
    const record = recorded();
    record.scoreboard.cases[0].diagnostics = null;
    expect(recordIssues(record)).toEqual([]);
  });

  it('property: dropping any field a case run diagnostics requires is reported at its path', () => {
    const required = Object.keys(recorded().scoreboard.cases[0].diagnostics);
    fc.assert(
      fc.property(fc.nat(20), fc.constantFrom(...required), (index, field) => {
        const record = recorded();
        delete record.scoreboard.cases[index].diagnostics[field];
        expect(fields(record)).toContain(`scoreboard.cases[${index}].diagnostics.${field}`);
      }),
      { numRuns: 40 },
    );
  });

  it("property: dropping any field of the board's diagnostics is reported at its path", () => {
    const required = Object.keys(recorded().metrics.diagnostics);
    fc.assert(
      fc.property(fc.constantFrom(...required), (field) => {
        const record = recorded();
        delete record.metrics.diagnostics[field];
        expect(fields(record)).toContain(`metrics.diagnostics.${field}`);
      }),
    );
  });

  it('checks values: the tier, the difficulty, a share, an accuracy by tag, a false positive', () => {
    const record = recorded();
    const first = record.scoreboard.cases[0].diagnostics;
    first.verdict.tier = 'guess';
    first.difficulty = 'hard';
    first.ast_similarity = 1.5;
    record.metrics.diagnostics.by_tag.music = { count: 3 };
    record.metrics.diagnostics.test_suite.false_positives = [{ case_id: '' }];
    expect(fields(record)).toEqual(
      expect.arrayContaining([
        'scoreboard.cases[0].diagnostics.verdict.tier',
        'scoreboard.cases[0].diagnostics.difficulty',
        'scoreboard.cases[0].diagnostics.ast_similarity',
        'metrics.diagnostics.by_tag.music.total',
        'metrics.diagnostics.test_suite.false_positives[0].case_id',
      ]),
    );
  });
});
