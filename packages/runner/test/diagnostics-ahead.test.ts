import { CHINOOK_SUITE_PATH } from '@nl2sql/datasets';
import { defaultPlugins } from '@nl2sql/runner-plugins';
import { diagnoseCase } from '@nl2sql/sqlcheck';
import { type EvalCase, type EvalSuite, loadSuite } from '@nl2sql/suite';
import { beforeAll, describe, expect, it } from 'vitest';
import { diagnoseInput } from '../src/case-diagnostics.js';
import type { CaseResult } from '../src/case-result.js';
import { DiagnosticsAhead, MAX_AHEAD_SQL } from '../src/diagnostics-ahead.js';
import type { EvaluationSettings } from '../src/evaluation-settings.js';
import type { CaseTask } from '../src/task-list.js';

/** The default plugins (@nl2sql/runner-plugins): the runner's own tests run with the real passes. */
const PLUGINS = await defaultPlugins();

// The suite's own cases (no database needed): each asked once, answered with its gold or a
// given SQL, rows matching or not.
let suite: EvalSuite;
beforeAll(async () => {
  suite = await loadSuite(CHINOOK_SUITE_PATH);
});

const settings: EvaluationSettings = {
  dialect: 'sqlite',
  sql: PLUGINS.sql,
  cascadePass: PLUGINS.judge,
};

function taskOf(c: EvalCase, key = c.id): CaseTask {
  return { key, case: c, role: null, pass: 1, expected: 'allowed' } as unknown as CaseTask;
}

function resultOf(sql: string | null, pass: boolean): CaseResult {
  const match = { name: 'result_match', pass, lenient: pass, score: pass ? 1 : 0, detail: {} };
  return {
    sql,
    engineStatus: 'success',
    scores: { result_match: match },
  } as unknown as CaseResult;
}

const answerable = () => suite.cases.filter((c) => c.sql !== undefined).slice(0, 6);

describe('DiagnosticsAhead', () => {
  it('diagnoses each offered case run once, as the evaluation pass would', async () => {
    const ahead = new DiagnosticsAhead(settings);
    const cases = answerable();
    const other = cases[1]?.sql ?? null;
    const runs = cases.map((c, i) => ({
      task: taskOf(c),
      result: resultOf(i % 2 === 0 ? (c.sql ?? null) : other, i % 2 === 0),
    }));
    for (const r of runs) ahead.offer(r.task, r.result);
    await ahead.idle();
    expect(ahead.stats()).toMatchObject({ offered: runs.length, computed: runs.length });
    for (const r of runs) {
      const input = diagnoseInput(r.task, r.result, settings);
      if (input === null) throw new Error('an answerable case has no diagnostics input');
      expect(ahead.take(r.task.key)).toEqual(await diagnoseCase(input));
      // taken once: the pass never reads a case run's diagnostics twice
      expect(ahead.take(r.task.key)).toBeUndefined();
    }
    expect(ahead.stats().used).toBe(runs.length);
  });

  it('leaves a case run over the size limit undiagnosed, even under MAX_AHEAD_SQL (issue 25)', async () => {
    const c = answerable()[0] as EvalCase;
    // the gold fits, the prediction does not
    const small: EvaluationSettings = { ...settings, maxSqlBytes: (c.sql ?? '').length + 10 };
    const ahead = new DiagnosticsAhead(small);
    const long = `${c.sql ?? ''} -- ${'x'.repeat(60)}`;
    expect(long.length).toBeLessThan(MAX_AHEAD_SQL);
    ahead.offer(taskOf(c), resultOf(long, false));
    await ahead.idle();
    expect(ahead.stats()).toMatchObject({ offered: 0, computed: 0 });
    ahead.offer(taskOf(c, 'gold'), resultOf(c.sql ?? null, true));
    await ahead.idle();
    expect(ahead.stats()).toMatchObject({ offered: 1, computed: 1 });
  });

  it('yields to the event loop between case runs', async () => {
    const ahead = new DiagnosticsAhead(settings);
    for (const c of answerable()) ahead.offer(taskOf(c), resultOf(c.sql ?? null, true));
    // A timer due now runs before the queue is through: each case run waits a loop turn.
    let ranAt = -1;
    setTimeout(() => {
      ranAt = ahead.stats().computed;
    }, 0);
    await ahead.idle();
    expect(ranAt).toBeGreaterThanOrEqual(0);
    expect(ranAt).toBeLessThan(answerable().length);
  });

  it('leaves long SQL, refusals and case runs without a row comparison to the pass', async () => {
    const ahead = new DiagnosticsAhead(settings);
    const [c] = answerable();
    if (!c?.sql) throw new Error('no answerable case');
    const long = `${c.sql}${' '.repeat(MAX_AHEAD_SQL)}`;
    ahead.offer(taskOf(c, 'long'), resultOf(long, true));
    ahead.offer({ ...taskOf(c, 'refusal'), expected: 'refused' } as CaseTask, resultOf(null, true));
    ahead.offer(taskOf(c, 'unscored'), {
      sql: c.sql,
      engineStatus: 'success',
      scores: {},
    } as unknown as CaseResult);
    await ahead.idle();
    expect(ahead.stats()).toMatchObject({ offered: 0, computed: 0 });
    ahead.offer(taskOf(c, 'gold'), resultOf(c.sql ?? null, true));
    await ahead.idle();
    expect(ahead.stats()).toMatchObject({ offered: 1, computed: 1 });
    for (const key of ['long', 'refusal', 'unscored']) expect(ahead.take(key)).toBeUndefined();
  });

  it('once closed, drops what is queued and takes no more', async () => {
    const ahead = new DiagnosticsAhead(settings);
    const cases = answerable();
    for (const c of cases) ahead.offer(taskOf(c), resultOf(c.sql ?? null, true));
    await ahead.close();
    const done = ahead.stats().computed;
    expect(done).toBeLessThan(cases.length);
    ahead.offer(taskOf(cases[0] as EvalCase, 'late'), resultOf(cases[0]?.sql ?? null, true));
    await ahead.idle();
    expect(ahead.stats().computed).toBe(done);
    expect(ahead.take('late')).toBeUndefined();
  });
});
