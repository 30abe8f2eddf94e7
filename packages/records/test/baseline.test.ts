import { describe, expect, it } from 'vitest';
import {
  baselineMisses,
  explainNoBaseline,
  newestComparableBaseline,
  readRecords,
  type StoredRecord,
} from '../src/index.js';
import { FIXTURE_BENCHMARKS, fixture, variant } from './fixtures.js';

describe('newestComparableBaseline', () => {
  const stored = readRecords(FIXTURE_BENCHMARKS);
  const current = variant('plansNew', { recorded_at: '2026-11-01T08:00:00Z', note: null });

  it('picks the newest comparable record of the same mode, database and config', () => {
    expect(newestComparableBaseline(stored, current)?.path).toMatch(
      /plans\/chinook\/2026-10-20_8b41d07_plans\.json$/,
    );
  });

  it('skips the current record itself and records made after it', () => {
    const self = stored.find((s) => s.path.endsWith('2026-10-20_8b41d07_plans.json'));
    if (self === undefined) throw new Error('fixture missing');
    expect(newestComparableBaseline(stored, self.record)?.path).toMatch(
      /2026-10-15_3f9c2a1_plans\.json$/,
    );
    // The same record read again from its file is not its own baseline either.
    expect(newestComparableBaseline(stored, fixture('plansNew'))?.path).toMatch(
      /2026-10-15_3f9c2a1_plans\.json$/,
    );
    const early = variant('plansOld', { recorded_at: '2026-10-01T00:00:00Z' });
    expect(newestComparableBaseline(stored, early)).toBeUndefined();
  });

  it('skips newer records that are not comparable', () => {
    const newSuite = variant('plansNew', {
      recorded_at: '2026-10-25T00:00:00Z',
      dataset: { name: 'chinook.yaml', digest: 'c0ffee' },
    });
    const records: StoredRecord[] = [...stored, { path: 'x/newer.json', record: newSuite }];
    expect(newestComparableBaseline(records, current)?.record.recorded_at).toBe(
      '2026-10-20T16:03:09Z',
    );
    expect(newestComparableBaseline(records, { ...current, dataset: newSuite.dataset })?.path).toBe(
      'x/newer.json',
    );
  });

  it('matches the config by name unless told otherwise', () => {
    const mini = variant('full', {
      recorded_at: '2026-11-02T00:00:00Z',
      config: { name: 'mini', nodes: {} },
    });
    expect(newestComparableBaseline(stored, mini)).toBeUndefined();
    expect(newestComparableBaseline(stored, mini, { sameConfig: false })?.record.config.name).toBe(
      'gpt-5.4',
    );
  });

  it('accepts bare records and breaks a time tie by the later suffix', () => {
    expect(newestComparableBaseline([fixture('plansOld'), fixture('full')], current)).toEqual(
      fixture('plansOld'),
    );
    const a = fixture('plansOld');
    const tie: StoredRecord[] = [
      { path: 'b/plans/chinook/2026-10-15_3f9c2a1_plans-2.json', record: a },
      { path: 'b/plans/chinook/2026-10-15_3f9c2a1_plans.json', record: a },
      { path: 'b/plans/chinook/2026-10-15_3f9c2a1_plans-10.json', record: a },
    ];
    expect(newestComparableBaseline(tie, current)?.path).toBe(
      'b/plans/chinook/2026-10-15_3f9c2a1_plans-10.json',
    );
  });
});

describe('explainNoBaseline', () => {
  const stored = readRecords(FIXTURE_BENCHMARKS);

  it('names each record of the same kind, database and config and the fields that differ', () => {
    const current = variant('plansNew', {
      recorded_at: '2026-11-01T08:00:00Z',
      dataset: { name: 'chinook.yaml', digest: 'c0ffee' },
      database: { ...fixture('plansNew').database, schema_fingerprint: 'beef' },
    });
    expect(newestComparableBaseline(stored, current)).toBeUndefined();
    const misses = baselineMisses(stored, current);
    expect(misses.map((m) => m.path.split('/').at(-1))).toEqual([
      '2026-10-20_8b41d07_plans.json',
      '2026-10-15_3f9c2a1_plans.json',
    ]);
    expect(misses[0]?.reason).toContain('dataset.digest differs');
    expect(misses[0]?.reason).toContain('database.schema_fingerprint differs');
    const text = explainNoBaseline(stored, current);
    expect(text).toContain('none of 2 record(s)');
    expect(text).toContain(
      'kind plans, database chinook, config plans, suite chinook.yaml (c0ffee)',
    );
    expect(text).toContain('2026-10-20_8b41d07_plans.json: dataset.digest differs');
  });

  it('says when nothing of that kind, database and config was ever recorded', () => {
    const other = variant('plansNew', { config: { name: 'other', nodes: {} } });
    expect(explainNoBaseline(stored, other)).toMatch(
      /^no record of kind plans, database chinook and config other \(this run: /,
    );
  });

  it('names a record made after the current run', () => {
    const early = variant('plansOld', { recorded_at: '2026-10-01T00:00:00Z' });
    expect(baselineMisses(stored, early).map((m) => m.reason)).toEqual([
      'recorded after the current run (2026-10-20T16:03:09Z)',
      expect.stringMatching(/^recorded after the current run/),
    ]);
  });
});
