// Records of kind engine: a run of an engine outside this project (an HTTP service), named
// by what it said of itself, filed under benchmarks/engine/, and compared only with runs of
// the same engine scored in the same mode.
import { describe, expect, it } from 'vitest';
import {
  comparable,
  newestComparableBaseline,
  type RunRecord,
  readRecords,
  recordIdentity,
  recordIssues,
  renderBenchmarksPage,
  renderResultsBlock,
  writeRecord,
} from '../src/index.js';
import { FIXTURE_FILES, fixture, tempDir } from './fixtures.js';

function engineRecord(name: string, version: string, recordedAt: string): RunRecord {
  const plans = fixture('plansNew');
  return {
    ...plans,
    kind: 'engine',
    recorded_at: recordedAt,
    engine_version: version,
    config: { name: 'sql.example.com', nodes: {} },
    engine: { name, version, models: { planner: 'openai:gpt-5.4' } },
    scoreboard: {
      ...plans.scoreboard,
      settings: { ...plans.scoreboard.settings, mode: 'plans' },
    },
  };
}

describe('a record of kind engine', () => {
  const acme = engineRecord('acme-sql', '2.3.1', '2026-10-21T09:00:00Z');

  it('is valid with the engine it names and the mode that scored it, and every older record stays valid', () => {
    expect(recordIssues(acme)).toEqual([]);
    for (const name of Object.keys(FIXTURE_FILES) as (keyof typeof FIXTURE_FILES)[]) {
      expect(recordIssues(fixture(name)), name).toEqual([]);
    }
  });

  it('names the engine and the scoring mode, and nothing else has them', () => {
    const { engine: _, ...anonymous } = acme;
    expect(recordIssues(anonymous).map((i) => i.field)).toEqual(['engine']);
    const unscored = {
      ...acme,
      scoreboard: {
        ...acme.scoreboard,
        settings: { ...acme.scoreboard.settings, mode: undefined },
      },
    };
    expect(recordIssues(JSON.parse(JSON.stringify(unscored))).map((i) => i.field)).toEqual([
      'scoreboard.settings.mode',
    ]);
    const plansWithEngine = { ...fixture('plansNew'), engine: acme.engine };
    expect(recordIssues(plansWithEngine).map((i) => i.field)).toEqual(['engine']);
  });

  it('scored in mode retrieval, it holds retrieval metrics', () => {
    const retrieval = fixture('retrieval');
    const record: RunRecord = {
      ...retrieval,
      kind: 'engine',
      config: { name: 'sql.example.com', nodes: {} },
      engine: { name: 'acme-sql', version: '2.3.1', models: null },
      scoreboard: {
        ...retrieval.scoreboard,
        settings: { ...retrieval.scoreboard.settings, mode: 'retrieval' },
      },
    };
    expect(recordIssues(record)).toEqual([]);
    expect(
      recordIssues({ ...record, metrics: fixture('plansNew').metrics }).length,
    ).toBeGreaterThan(0);
  });

  it('is filed under benchmarks/engine/<db>/ and read back from there', () => {
    const dir = tempDir();
    const path = writeRecord(dir, acme);
    expect(path).toMatch(/engine\/chinook\/2026-10-21_8b41d07_sql\.example\.com\.json$/);
    expect(readRecords(dir).map((s) => s.record)).toEqual([acme]);
  });

  it('compares with the same engine scored in the same mode only', () => {
    const later = engineRecord('acme-sql', '2.4.0', '2026-10-22T09:00:00Z');
    expect(comparable(acme, later)).toEqual({ comparable: true });
    const other = engineRecord('other-sql', '1.0', '2026-10-22T09:00:00Z');
    expect(comparable(acme, other)).toMatchObject({
      comparable: false,
      reason: 'engine.name differs (acme-sql vs other-sql)',
    });
    const reference = fixture('plansNew');
    expect(comparable(reference, later)).toMatchObject({
      comparable: false,
      reason: 'kind differs (plans vs engine)',
    });
    expect(recordIdentity(later).mode).toBe('plans');
    const stored = [
      { path: 'a.json', record: acme },
      { path: 'b.json', record: other },
      { path: 'c.json', record: { ...reference, config: later.config } },
    ];
    expect(newestComparableBaseline(stored, later)?.path).toBe('a.json');
  });

  it('is published in its own section, with the engine and its version', () => {
    const page = renderBenchmarksPage([fixture('plansNew'), acme]);
    expect(page).toContain('## External engines (evaluated over HTTP)');
    expect(page).toContain('Engine acme-sql, scored in mode plans');
    expect(page).toMatch(/\| Engine version \|/);
    expect(page).toContain('| 2.3.1 |');
    expect(page.indexOf('## Mode plans')).toBeLessThan(page.indexOf('## External engines'));
    expect(renderResultsBlock([acme])).toContain('| engine | chinook | sql.example.com |');
  });
});
