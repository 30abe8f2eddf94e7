// The run's events are what every listener sees: they must be enough to rebuild the results,
// the progress and the records without reading anything else.

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultPlugins } from '@nl2sql/runner-plugins';
import { describe, expect, it } from 'vitest';
import {
  RunCollector,
  type RunEvent,
  recordsListener,
  reportRecords,
  runEval,
  taskKey,
} from '../src/index.js';
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

describe('run events', () => {
  it('come in order: run.started, each case started before it finished, run.stopped, run.finished', async () => {
    const controller = new AbortController();
    const events: RunEvent[] = [];
    await runEval({
      plugins: PLUGINS,
      suite: SUITE,
      engine: new FakeEngine(SUITE, { delayMs: 5 }),
      concurrency: 2,
      signal: controller.signal,
      sqlChecks: false,
      onEvent: (e) => {
        events.push(e);
        if (e.type === 'case.finished' && e.completedCases === 5) controller.abort();
      },
    });
    expect(events[0]?.type).toBe('run.started');
    expect(events.at(-2)).toMatchObject({ type: 'run.stopped', reason: 'cancelled' });
    expect(events.at(-1)?.type).toBe('run.finished');
    const open = new Set<string>();
    for (const e of events) {
      if (e.type === 'case.started') open.add(taskKey(e.config, e));
      if (e.type === 'case.finished') {
        expect(open.delete(taskKey(e.config, e.result))).toBe(true);
      }
    }
  });

  it('a resumed run: run.started carries the journal’s case runs and the counts go on from them', async () => {
    const journal = join(mkdtempSync(join(tmpdir(), 'runner-')), 'run.jsonl');
    const controller = new AbortController();
    await runEval({
      plugins: PLUGINS,
      suite: SUITE,
      engine: new FakeEngine(SUITE, {
        override: { c1: () => ({ results: [{ columns: ['x'], rows: [], truncated: false }] }) },
      }),
      concurrency: 1,
      journal,
      signal: controller.signal,
      sqlChecks: false,
      onEvent: (e) => {
        if (e.type === 'case.finished' && e.completedCases === 4) controller.abort();
      },
    });
    const events: RunEvent[] = [];
    const collector = new RunCollector();
    const report = await runEval({
      plugins: PLUGINS,
      suite: SUITE,
      engine: new FakeEngine(SUITE),
      journal,
      resume: true,
      sqlChecks: false,
      onEvent: [collector.listener, (e) => events.push(e)],
    });
    const start = events[0];
    if (start?.type !== 'run.started') throw new Error('no run.started');
    expect(start.resumed.map((r) => `${r.result.caseId}@${r.result.role}`)).toEqual([
      'c1@analyst',
      'c1@support',
      'c2@analyst',
      'c2@support',
    ]);
    const finished = events.flatMap((e) => (e.type === 'case.finished' ? [e] : []));
    expect(finished.map((e) => e.completedCases).sort((a, b) => a - b)).toEqual([
      5, 6, 7, 8, 9, 10,
    ]);
    // c1 failed in the first run (both roles); the rest pass.
    expect(finished.at(-1)?.passedCases).toBe(8);
    // A listener that saw only the events holds exactly the report's case results, but for
    // the diagnostics the evaluation pass adds after the asks (evaluation-pass.ts).
    const fromEvents = [...collector.results.values()];
    const inReport = report.configs.flatMap((c) => c.cases);
    expect(fromEvents).toHaveLength(inReport.length);
    expect(fromEvents.every((r) => r.diagnostics === null)).toBe(true);
    expect(inReport.every((r) => r.diagnostics !== null)).toBe(true);
    expect(new Set(fromEvents)).toEqual(
      new Set(inReport.map((r) => ({ ...r, diagnostics: null }))),
    );
  });

  it('recordsListener makes the records of the finished run once, the same as reportRecords', async () => {
    const recorder = recordsListener({ engineVersion: '1.2.3', git });
    expect(() => recorder.records()).toThrow(/has not finished/);
    const report = await runEval({
      plugins: PLUGINS,
      suite: SUITE,
      engine: new FakeEngine(SUITE),
      database,
      sqlChecks: false,
      onEvent: recorder,
    });
    const records = recorder.records();
    expect(recorder.records()).toBe(records);
    const direct = reportRecords(report, { engineVersion: '1.2.3', git });
    expect(records.map((r) => ({ ...r, recorded_at: '' }))).toEqual(
      direct.map((r) => ({ ...r, recorded_at: '' })),
    );
    expect(records[0]?.scoreboard.cases[0]).toMatchObject({
      case_id: 'c1',
      lenient_status: 'pass',
    });
  });

  it('a listener that throws fails the run', async () => {
    await expect(
      runEval({
        plugins: PLUGINS,
        suite: SUITE,
        engine: new FakeEngine(SUITE),
        sqlChecks: false,
        onEvent: (e) => {
          if (e.type === 'case.finished') throw new Error('listener broke');
        },
      }),
    ).rejects.toThrow('listener broke');
  });
});
