import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { recordFileName, recordName, recordPath } from '../src/index.js';
import { fixture, tempDir, variant } from './fixtures.js';

describe('recordName', () => {
  it('is <mode>/<database>/<YYYY-MM-DD>_<shortsha>_<config> from the record', () => {
    const record = fixture('full');
    expect(recordName(record)).toEqual({
      mode: 'full',
      database: 'chinook',
      date: '2026-10-18',
      shortSha: '3f9c2a1',
      config: 'gpt-5.4',
    });
    expect(recordFileName(recordName(record))).toBe('2026-10-18_3f9c2a1_gpt-5.4.json');
  });

  it('writes unknown for an unknown commit and makes a provider/model config a file name', () => {
    const record = variant('full', {
      git_commit: 'unknown',
      config: { name: 'openrouter/meta-llama/llama-3.3 70b', nodes: {} },
    });
    expect(recordFileName(recordName(record))).toBe(
      '2026-10-18_unknown_openrouter-meta-llama-llama-3.3-70b.json',
    );
  });

  it('takes the date from recorded_at in UTC as written', () => {
    const record = variant('plansOld', { recorded_at: '2026-12-31T23:59:59.999Z' });
    expect(recordName(record).date).toBe('2026-12-31');
  });

  it('adds -2, -3 ... before .json', () => {
    const name = recordName(fixture('plansOld'));
    expect(recordFileName(name, 2)).toBe('2026-10-15_3f9c2a1_plans-2.json');
    expect(recordFileName(name, 10)).toBe('2026-10-15_3f9c2a1_plans-10.json');
    expect(() => recordFileName(name, 0)).toThrow(RangeError);
  });
});

describe('recordPath', () => {
  it('returns the plain name, then -2, -3 as names are taken on disk', () => {
    const root = tempDir();
    const record = fixture('plansOld');
    const first = recordPath(root, record);
    expect(first).toBe(join(root, 'plans', 'chinook', '2026-10-15_3f9c2a1_plans.json'));
    mkdirSync(dirname(first), { recursive: true });
    writeFileSync(first, '{}');
    const second = recordPath(root, record);
    expect(second).toBe(join(root, 'plans', 'chinook', '2026-10-15_3f9c2a1_plans-2.json'));
    writeFileSync(second, '{}');
    expect(recordPath(root, record)).toBe(
      join(root, 'plans', 'chinook', '2026-10-15_3f9c2a1_plans-3.json'),
    );
  });

  it('takes the first free suffix, not one past the highest', () => {
    const taken = new Set([
      'b/plans/chinook/2026-10-15_3f9c2a1_plans.json',
      'b/plans/chinook/2026-10-15_3f9c2a1_plans-3.json',
    ]);
    expect(recordPath('b', fixture('plansOld'), (p) => taken.has(p))).toBe(
      'b/plans/chinook/2026-10-15_3f9c2a1_plans-2.json',
    );
  });
});
