import { describe, expect, it } from 'vitest';
import { comparable, type RunRecord } from '../src/index.js';
import { fixture, variant } from './fixtures.js';

function withSettings(record: RunRecord, settings: Partial<RunRecord['scoreboard']['settings']>) {
  return {
    ...record,
    scoreboard: { ...record.scoreboard, settings: { ...record.scoreboard.settings, ...settings } },
  };
}

describe('comparable', () => {
  it('holds for two plans records on the same suite and schema, whatever the commit', () => {
    expect(comparable(fixture('plansOld'), fixture('plansNew'))).toEqual({ comparable: true });
  });

  it('names the mode when it differs', () => {
    const result = comparable(fixture('plansOld'), fixture('full'));
    expect(result.comparable).toBe(false);
    if (result.comparable) return;
    expect(result.reason).toBe('kind differs (plans vs full)');
  });

  it('names the suite digest and the schema fingerprint with both values', () => {
    const other = variant('plansNew', {
      dataset: { name: 'chinook.yaml', digest: 'beef' },
      database: { ...fixture('plansNew').database, schema_fingerprint: 'fp2' },
    });
    const result = comparable(fixture('plansOld'), other);
    if (result.comparable) throw new Error('expected incomparable');
    expect(result.reason).toBe(
      `dataset.digest differs (${fixture('plansOld').dataset.digest} vs beef); database.schema_fingerprint differs (${fixture('plansOld').database.schema_fingerprint} vs fp2)`,
    );
    expect(result.differences.map((d) => d.field)).toEqual(['suiteDigest', 'schemaFingerprint']);
  });

  it('in mode full compares roles as a set and the curated setting', () => {
    const full = fixture('full');
    expect(comparable(full, withSettings(full, { roles: ['viewer', 'analyst'] }))).toEqual({
      comparable: true,
    });
    const result = comparable(full, withSettings(full, { roles: ['analyst'], curated: false }));
    if (result.comparable) throw new Error('expected incomparable');
    expect(result.reason).toBe(
      'scoreboard.settings.roles differs ([analyst, viewer] vs [analyst]); scoreboard.settings.curated differs (on vs off)',
    );
  });

  it('ignores roles and curated outside mode full', () => {
    const plans = fixture('plansOld');
    expect(comparable(plans, withSettings(plans, { roles: [], curated: true }))).toEqual({
      comparable: true,
    });
  });
});
