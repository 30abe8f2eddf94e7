import { describe, expect, it } from 'vitest';
import { assertComparable, IncomparableRunsError, runDifferences } from '../src/index.js';
import { summaryOf } from './fixtures.js';

const full = { mode: 'full' as const, roles: ['analyst', 'sales'], curated: true };

describe('runDifferences', () => {
  it('is empty for runs on the same mode, suite and schema', () => {
    expect(runDifferences(summaryOf({}), summaryOf({}))).toEqual([]);
  });

  it('names each difference with both values', () => {
    const differences = runDifferences(
      summaryOf({}),
      summaryOf({}, { mode: 'full', suiteDigest: 'sha256:beef', schemaFingerprint: 'fp:new' }),
    );
    expect(differences).toEqual([
      { field: 'mode', baseline: 'plans', current: 'full' },
      { field: 'suiteDigest', baseline: 'sha256:5a1d', current: 'sha256:beef' },
      { field: 'schemaFingerprint', baseline: 'fp:chinook-11-tables', current: 'fp:new' },
    ]);
  });

  it('compares roles as a set and the curated setting when a run states them', () => {
    const base = summaryOf({}, full);
    expect(
      runDifferences(base, summaryOf({}, { ...full, roles: ['sales', 'analyst', 'sales'] })),
    ).toEqual([]);
    expect(
      runDifferences(base, summaryOf({}, { ...full, roles: ['sales'], curated: false })),
    ).toEqual([
      { field: 'roles', baseline: '[analyst, sales]', current: '[sales]' },
      { field: 'curated', baseline: 'on', current: 'off' },
    ]);
  });

  it('reads an omitted curated setting as off and omitted roles as none', () => {
    const { curated: _, ...withoutCurated } = full;
    expect(runDifferences(summaryOf({}, full), summaryOf({}, withoutCurated))).toEqual([
      { field: 'curated', baseline: 'on', current: 'off' },
    ]);
    const { roles: __, ...withoutRoles } = full;
    expect(runDifferences(summaryOf({}, full), summaryOf({}, withoutRoles))).toEqual([
      { field: 'roles', baseline: '[analyst, sales]', current: '(none)' },
    ]);
  });

  it('compares neither when no run states them: the gate knows no mode', () => {
    for (const mode of ['plans', 'retrieval', 'engine', 'full']) {
      expect(runDifferences(summaryOf({}, { mode }), summaryOf({}, { mode }))).toEqual([]);
    }
  });
});

describe('assertComparable', () => {
  it('throws IncomparableRunsError naming every difference', () => {
    const attempt = () =>
      assertComparable(
        summaryOf({}),
        summaryOf({}, { suiteDigest: 'sha256:beef', schemaFingerprint: 'fp:2' }),
      );
    expect(attempt).toThrow(IncomparableRunsError);
    expect(attempt).toThrow(
      'runs are not comparable: they differ in suiteDigest (baseline sha256:5a1d, current sha256:beef); schemaFingerprint (baseline fp:chinook-11-tables, current fp:2)',
    );
    try {
      attempt();
    } catch (error) {
      expect(error).toBeInstanceOf(Error);
      expect((error as IncomparableRunsError).code).toBe('INCOMPARABLE_RUNS');
      expect((error as IncomparableRunsError).differences.map((d) => d.field)).toEqual([
        'suiteDigest',
        'schemaFingerprint',
      ]);
    }
  });
});
