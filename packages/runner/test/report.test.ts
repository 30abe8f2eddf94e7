import { defaultPlugins } from '@nl2sql/runner-plugins';
import { describe, expect, it } from 'vitest';
import {
  buildReport,
  type CaseResult,
  listTasks,
  type ReportInput,
  RunnerError,
  resolveRunOptions,
} from '../src/index.js';
import { caseResultOf } from './case-result-fixture.js';
import { FakeEngine } from './fake-engine.js';
import { SUITE } from './suite-fixture.js';

/** The default plugins (@nl2sql/runner-plugins): the runner's own tests run with the real passes. */
const PLUGINS = await defaultPlugins();

function input(results: Map<string, CaseResult>, stopped: ReportInput['stopped']): ReportInput {
  const engine = new FakeEngine(SUITE);
  const settings = resolveRunOptions({
    plugins: PLUGINS,
    suite: SUITE,
    engine,
    sqlChecks: false,
    cases: ['c1', 'c2'],
  });
  const list = listTasks(SUITE, { cases: ['c1', 'c2'] }, 'plans', 1, settings.configs);
  return {
    settings,
    list,
    results,
    database: null,
    retrieverSettings: undefined,
    stopped,
    dollars: 0,
    startedAt: new Date(0),
    timings: { wallMs: 1, engineMs: 0, databaseMs: 0, scoringMs: 0, queuedMs: 0 },
    engines: {},
  };
}

function resultsFor(keys: readonly [string, string][]): Map<string, CaseResult> {
  return new Map(
    keys.map(([caseId, role]) => [
      JSON.stringify(['plans', caseId, role, 1]),
      caseResultOf(caseId, { role }),
    ]),
  );
}

describe('buildReport', () => {
  const all: [string, string][] = [
    ['c1', 'analyst'],
    ['c1', 'support'],
    ['c2', 'analyst'],
    ['c2', 'support'],
  ];

  it('one board per config, in task order, from exactly one result per task', () => {
    const report = buildReport(input(resultsFor([...all].reverse()), null));
    expect(report.completedCases).toBe(4);
    expect(report.configs[0]?.cases.map((r) => `${r.caseId}@${r.role}`)).toEqual([
      'c1@analyst',
      'c1@support',
      'c2@analyst',
      'c2@support',
    ]);
  });

  it('a run that was not stopped but lacks a case run is an internal error, never a short board', () => {
    const short = input(resultsFor(all.slice(0, 3)), null);
    expect(() => buildReport(short)).toThrow(RunnerError);
    expect(() => buildReport(short)).toThrow(/1 of 4 planned case runs have no result/);
    // A stopped run's board covers what finished.
    expect(buildReport(input(resultsFor(all.slice(0, 3)), 'cancelled')).completedCases).toBe(3);
  });

  it('a result for a task the run did not plan is an internal error', () => {
    const stray = resultsFor([...all, ['c3', 'analyst']]);
    expect(() => buildReport(input(stray, null))).toThrow(/has a result but was not planned/);
  });
});
