import { gate } from '@nl2sql/gate';
import { describe, expect, it } from 'vitest';
import { gateThresholds, RecordError, toRunSummary } from '../src/index.js';
import { fixture, variant } from './fixtures.js';

describe('toRunSummary', () => {
  it('maps a record to the gate input: identity, config and one CaseRun per case record', () => {
    const summary = toRunSummary(fixture('full'));
    expect(summary).toMatchObject({
      mode: 'full',
      suiteDigest: fixture('full').dataset.digest,
      schemaFingerprint: fixture('full').database.schema_fingerprint,
      roles: ['analyst', 'viewer'],
      curated: true,
    });
    const runs = summary.configs['gpt-5.4'] ?? [];
    expect(runs).toHaveLength(8);
    expect(runs[6]).toEqual({
      caseId: 'chinook_014',
      role: 'analyst',
      pass: 2,
      passed: false,
      sql: "SELECT ROUND(SUM(Total), 2) AS revenue, strftime('%Y', InvoiceDate) AS year FROM Invoice GROUP BY year ORDER BY year",
      rowsDigest: '0c3e1b5a9f7d2e4c6b8a0f1e3d5c7b9a',
      costUsd: 0.0162,
    });
    // A curated hit whose generated path also passed needs no passedGenerated.
    expect(runs[0]?.passedGenerated).toBeUndefined();
  });

  it('keeps a generated-path status that differs from the status', () => {
    const record = fixture('full');
    const cases = record.scoreboard.cases.map((c, i) =>
      i === 0 ? { ...c, generated_status: 'fail' as const } : c,
    );
    const summary = toRunSummary({ ...record, scoreboard: { ...record.scoreboard, cases } });
    expect(summary.configs['gpt-5.4']?.[0]?.passedGenerated).toBe(false);
  });

  it('states roles and curated answers for mode full only, the mode compared on them', () => {
    const plans = toRunSummary(fixture('plansOld'));
    expect('roles' in plans || 'curated' in plans).toBe(false);
    const retrieval = toRunSummary(fixture('retrieval'));
    expect('roles' in retrieval || 'curated' in retrieval).toBe(false);
  });

  it('omits the cost of a run that recorded none', () => {
    const runs = toRunSummary(fixture('retrieval')).configs.retrieval ?? [];
    expect(runs.map((r) => 'costUsd' in r)).toEqual([false, false, false, false]);
    expect(runs.map((r) => r.passed)).toEqual([true, true, false, false]);
  });

  it('lets the gate compare two records: the plans regression on chinook_014@analyst fails it', () => {
    const limits = gateThresholds('plans');
    const verdict = gate(
      toRunSummary(fixture('plansOld')),
      toRunSummary(fixture('plansNew')),
      limits,
    );
    expect(verdict.pass).toBe(false);
    const regressions = verdict.checks.find((c) => c.name === 'max_regressions');
    expect(regressions?.pass).toBe(false);
    expect(regressions?.explanation).toContain('chinook_014@analyst');
    expect(
      gate(toRunSummary(fixture('plansOld')), toRunSummary(fixture('plansOld')), limits).pass,
    ).toBe(true);
  });

  it('merges the records of one run, one config each, and refuses a mix of runs', () => {
    const mini = variant('full', { config: { name: 'mini', nodes: {} } });
    const summary = toRunSummary([fixture('full'), mini]);
    expect(Object.keys(summary.configs).sort()).toEqual(['gpt-5.4', 'mini']);
    expect(() => toRunSummary([fixture('full'), fixture('full')])).toThrow(RecordError);
    expect(() => toRunSummary([fixture('full'), fixture('plansOld')])).toThrow(
      /cannot form one run: runs are not comparable: they differ in mode/,
    );
    expect(() => toRunSummary([])).toThrow(RecordError);
  });
});
