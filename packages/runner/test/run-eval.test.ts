import { mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AskResponse } from '@nl2sql/engine';
import { modelConfig, UnknownPriceError } from '@nl2sql/llm';
import { defaultPlugins } from '@nl2sql/runner-plugins';
import { UnscorableSuiteError } from '@nl2sql/suite';
import { describe, expect, it } from 'vitest';
import { type RunEvent, RunnerError, readJournal, runEval } from '../src/index.js';
import { FakeEngine, USAGE } from './fake-engine.js';
import { SUITE } from './suite-fixture.js';

/** The default plugins (@nl2sql/runner-plugins): the runner's own tests run with the real passes. */
const PLUGINS = await defaultPlugins();

// The nodes these tests' configs declare (the fake engine bills planner and synthesizer calls).
const NODES = ['resolver', 'planner', 'synthesizer'];

describe('runEval', () => {
  it('runs every approved case once per role in its outcome map, and passes the gold', async () => {
    const engine = new FakeEngine(SUITE);
    const report = await runEval({ plugins: PLUGINS, suite: SUITE, engine, sqlChecks: false });
    // c1..c5 approved, two roles each; c6 is not approved.
    expect(report.plannedCases).toBe(10);
    expect(report.completedCases).toBe(10);
    expect(report.stopped).toBeNull();
    expect(engine.asked.some((a) => a.question.includes('c6'))).toBe(false);
    const board = report.configs[0];
    expect(board?.config.name).toBe('plans');
    expect(board?.cases.every((r) => r.status === 'pass')).toBe(true);
    expect(board?.cases.map((r) => `${r.caseId}@${r.role}`)).toEqual([
      'c1@analyst',
      'c1@support',
      'c2@analyst',
      'c2@support',
      'c3@analyst',
      'c3@support',
      'c4@analyst',
      'c4@support',
      'c5@analyst',
      'c5@support',
    ]);
    expect(report.settings.roles).toEqual(['analyst', 'support']);
    expect(report.settings.curated).toBe(false);
  });

  it('refuses, before any ask, a suite whose compared cases lack gold rows (a typed error)', async () => {
    const unwritten = {
      ...SUITE,
      cases: SUITE.cases.map((c) => (c.id === 'c2' ? { ...c, rows: undefined } : c)),
    };
    const engine = new FakeEngine(SUITE);
    const refused = runEval({ plugins: PLUGINS, suite: unwritten, engine, sqlChecks: false });
    await expect(refused).rejects.toBeInstanceOf(UnscorableSuiteError);
    await expect(refused).rejects.toMatchObject({ cases: [{ caseId: 'c2', problem: 'no rows' }] });
    expect(engine.asked).toHaveLength(0);
    // A selection that leaves the case out runs; mode retrieval compares no rows.
    expect(
      (
        await runEval({
          plugins: PLUGINS,
          suite: unwritten,
          engine,
          cases: ['c1'],
          sqlChecks: false,
        })
      ).completedCases,
    ).toBe(2);
    const retrieval = await runEval({
      plugins: PLUGINS,
      suite: unwritten,
      engine,
      mode: 'retrieval',
    });
    expect(retrieval.stopped).toBeNull();
  });

  it('refuses a suite that uses a case id twice', async () => {
    const twice = {
      ...SUITE,
      cases: [...SUITE.cases, { ...(SUITE.cases[0] as (typeof SUITE.cases)[number]) }],
    };
    await expect(
      runEval({ plugins: PLUGINS, suite: twice, engine: new FakeEngine(SUITE) }),
    ).rejects.toMatchObject({
      code: 'INVALID_SUITE',
      message: expect.stringContaining('case id "c1" is used by more than one case'),
    });
  });

  it('selects by roles, case ids and tags, and rejects names it does not know', async () => {
    const engine = new FakeEngine(SUITE);
    const r1 = await runEval({
      plugins: PLUGINS,
      suite: SUITE,
      engine,
      roles: ['support'],
      tags: ['rbac-denial', 'date'],
      sqlChecks: false,
    });
    expect(r1.configs[0]?.cases.map((r) => `${r.caseId}@${r.role}`)).toEqual([
      'c3@support',
      'c5@support',
    ]);
    const r2 = await runEval({
      plugins: PLUGINS,
      suite: SUITE,
      engine,
      cases: ['c2'],
      sqlChecks: false,
    });
    expect(r2.plannedCases).toBe(2);
    await expect(
      runEval({ plugins: PLUGINS, suite: SUITE, engine, roles: ['ceo'] }),
    ).rejects.toMatchObject({
      code: 'UNKNOWN_ROLE',
    });
    await expect(
      runEval({ plugins: PLUGINS, suite: SUITE, engine, cases: ['c99'] }),
    ).rejects.toMatchObject({
      code: 'UNKNOWN_CASE',
    });
    await expect(
      runEval({ plugins: PLUGINS, suite: SUITE, engine, tags: ['offset'] }),
    ).rejects.toMatchObject({
      code: 'NO_CASES',
    });
  });

  it('scores a wrong answer as a failure with the comparator explanation, and lenient separately', async () => {
    const engine = new FakeEngine(SUITE, {
      override: {
        // Columns swapped: strict fails, lenient passes.
        c2: () => ({
          results: [{ columns: ['a', 'b', 'c'], rows: [['Rock', 1, 12.5]], truncated: false }],
        }),
        // Wrong value: both fail.
        c3: (_c, role) =>
          role === 'analyst'
            ? { results: [{ columns: ['t'], rows: [[1300]], truncated: false }] }
            : {},
        // Refusal naming the table: outcome fails.
        c4: () => ({ error: { code: 'SECURITY_VIOLATION', message: 'no access to Invoice' } }),
      },
    });
    const report = await runEval({ plugins: PLUGINS, suite: SUITE, engine, sqlChecks: false });
    const get = (id: string, role: string) =>
      report.configs[0]?.cases.find((r) => r.caseId === id && r.role === role);
    expect(get('c2', 'analyst')).toMatchObject({ status: 'fail', lenientStatus: 'pass' });
    expect(get('c3', 'analyst')).toMatchObject({ status: 'fail', lenientStatus: 'fail' });
    expect(get('c3', 'analyst')?.explanation).toContain('FAIL strict');
    expect(get('c3', 'support')?.status).toBe('pass');
    expect(get('c4', 'analyst')?.explanation).toContain('expected unanswerable');
    expect(get('c5', 'analyst')?.status).toBe('pass');
    const m = report.configs[0]?.metrics;
    expect(m && 'accuracy' in m ? m.accuracy.execution.strict.count : -1).toBe(5);
    expect(m && 'accuracy' in m ? m.accuracy.execution.lenient.count : -1).toBe(7);
  });

  it('passes a case whose rows match an alternative answer', async () => {
    const engine = new FakeEngine(SUITE, {
      override: {
        c5: () => ({
          results: [{ columns: ['y', 't'], rows: [['2009-01-01', 449.46]], truncated: false }],
        }),
      },
    });
    const report = await runEval({
      plugins: PLUGINS,
      suite: SUITE,
      engine,
      cases: ['c5'],
      sqlChecks: false,
    });
    expect(report.configs[0]?.cases.every((r) => r.status === 'pass')).toBe(true);
    expect(report.configs[0]?.cases[0]?.scores.result_match?.detail).toMatchObject({
      strict: { matched_gold: 1 },
    });
  });

  it('keeps at most `concurrency` case runs in flight', async () => {
    const engine = new FakeEngine(SUITE, { delayMs: 10 });
    await runEval({ plugins: PLUGINS, suite: SUITE, engine, concurrency: 3, sqlChecks: false });
    expect(engine.maxInFlight).toBe(3);
    const one = new FakeEngine(SUITE, { delayMs: 5 });
    await runEval({
      plugins: PLUGINS,
      suite: SUITE,
      engine: one,
      concurrency: 1,
      sqlChecks: false,
    });
    expect(one.maxInFlight).toBe(1);
  });

  it('adds no abort listener per case run to a shared signal: no leak warning at concurrency 16', async () => {
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(`${w.name}: ${w.message}`);
    process.on('warning', onWarning);
    try {
      const suite = {
        ...SUITE,
        cases: Array.from({ length: 40 }, (_, i) => ({
          ...(SUITE.cases[0] as (typeof SUITE.cases)[number]),
          id: `k${i}`,
          question: `question k${i}?`,
        })),
      };
      const engine = new FakeEngine(suite, { delayMs: 20 });
      const controller = new AbortController();
      const report = await runEval({
        plugins: PLUGINS,
        suite,
        engine,
        concurrency: 16,
        signal: controller.signal,
        sqlChecks: false,
      });
      expect(engine.maxInFlight).toBe(16);
      expect(report.completedCases).toBe(80);
      // Warnings are emitted on the next tick.
      await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings.filter((w) => w.startsWith('MaxListenersExceededWarning'))).toEqual([]);
  });

  it('records a case past its time limit as an error and goes on', async () => {
    const engine = new FakeEngine(SUITE);
    const slow = {
      ask: (req: Parameters<FakeEngine['ask']>[0]) =>
        req.question.includes('c1') ? new Promise<AskResponse>(() => {}) : engine.ask(req),
    };
    const report = await runEval({
      plugins: PLUGINS,
      suite: SUITE,
      engine: slow,
      askTimeoutMs: 50,
      sqlChecks: false,
    });
    const c1 = report.configs[0]?.cases.filter((r) => r.caseId === 'c1') ?? [];
    expect(c1.map((r) => r.status)).toEqual(['error', 'error']);
    expect(c1[0]?.error?.code).toBe('TIMEOUT');
    expect(report.completedCases).toBe(10);
  });

  it("latency is the engine's own: the client-measured time, with the rest counted as harness", async () => {
    // An HTTP-like engine: the reply takes 40 ms to reach the runner, of which the engine
    // took 0.9 ms (its client measured it on the wire); the rest is not the engine's.
    const engine = new FakeEngine(SUITE, {
      delayMs: 40,
      override: { c1: () => ({ timing: { engine_ms: 0.9 } }) },
    });
    const report = await runEval({
      plugins: PLUGINS,
      suite: SUITE,
      engine,
      cases: ['c1', 'c2'],
      sqlChecks: false,
    });
    const [a, b, c] = report.configs[0]?.cases ?? [];
    expect(a?.latencyMs).toBe(0.9);
    expect(b?.latencyMs).toBe(0.9);
    expect(a?.harnessMs).toBeGreaterThanOrEqual(35);
    // Without a measured time, the ask's duration is the engine's, and little is left over.
    expect(c?.latencyMs).toBeGreaterThanOrEqual(39);
    expect(c?.harnessMs).toBeLessThan(c?.latencyMs ?? 0);
    const m = report.configs[0]?.metrics;
    if (!m || !('latency' in m)) throw new Error('no board');
    expect(m.latency.p50_ms).toBe(0.9);
    expect(m.harness_overhead?.p50_ms).toBeGreaterThanOrEqual(0);
    expect(report.timings.queuedMs).toBeGreaterThanOrEqual(70);
  });

  it('repeats every case run per pass and reports pass^k and determinism', async () => {
    let n = 0;
    const engine = new FakeEngine(SUITE, {
      // c1 fails on its second ask as analyst: flaky.
      override: {
        c1: (_c, role) =>
          role === 'analyst' && ++n === 2
            ? { results: [{ columns: ['x'], rows: [['AC/DC']], truncated: false }] }
            : {},
      },
    });
    const report = await runEval({
      plugins: PLUGINS,
      suite: SUITE,
      engine,
      passes: 2,
      concurrency: 1,
      sqlChecks: false,
    });
    expect(report.plannedCases).toBe(20);
    const m = report.configs[0]?.metrics;
    if (!m || !('accuracy' in m)) throw new Error('no board');
    expect(m.accuracy.execution.strict).toMatchObject({ count: 19, total: 20 });
    expect(m.pass_k).toEqual({
      k: 2,
      strict: { count: 9, total: 10, rate: 0.9 },
      lenient: { count: 9, total: 10, rate: 0.9 },
    });
    expect(m.determinism).toEqual({ cases: 10, deterministic: 9, rate: 0.9 });
  });

  it('emits run.started, case.started and case.finished for every run, then run.finished', async () => {
    const events: RunEvent[] = [];
    await runEval({
      plugins: PLUGINS,
      suite: SUITE,
      engine: new FakeEngine(SUITE),
      sqlChecks: false,
      onEvent: (e) => events.push(e),
    });
    expect(events[0]).toMatchObject({ type: 'run.started', mode: 'plans', plannedCases: 10 });
    expect(events[0]?.type === 'run.started' && events[0].cases.map((c) => c.id)).toEqual([
      'c1',
      'c2',
      'c3',
      'c4',
      'c5',
    ]);
    expect(events.filter((e) => e.type === 'case.started')).toHaveLength(10);
    const finished = events.filter((e) => e.type === 'case.finished');
    expect(finished.map((e) => e.type === 'case.finished' && e.completedCases)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
    ]);
    expect(events.at(-1)?.type).toBe('run.finished');
  });

  it('a cancel ends the run at once even when the engine ignores its signal', async () => {
    const controller = new AbortController();
    const deaf = { ask: () => new Promise<AskResponse>(() => {}) };
    setTimeout(() => controller.abort(), 50);
    const begin = performance.now();
    const report = await runEval({
      plugins: PLUGINS,
      suite: SUITE,
      engine: deaf,
      signal: controller.signal,
      sqlChecks: false,
    });
    expect(performance.now() - begin).toBeLessThan(5_000);
    expect(report.stopped).toBe('cancelled');
    expect(report.completedCases).toBe(0);
  });

  it('returns a partial report with stopped "cancelled" when the signal aborts', async () => {
    const controller = new AbortController();
    const engine = new FakeEngine(SUITE, { delayMs: 20 });
    const report = await runEval({
      plugins: PLUGINS,
      suite: SUITE,
      engine,
      concurrency: 1,
      signal: controller.signal,
      sqlChecks: false,
      onEvent: (e) => {
        if (e.type === 'case.finished' && e.completedCases === 3) controller.abort();
      },
    });
    expect(report.stopped).toBe('cancelled');
    expect(report.completedCases).toBe(3);
    expect(report.configs[0]?.completedCases).toBe(3);
    expect(report.configs[0]?.plannedCases).toBe(10);
  });
});

describe('runEval in mode full: prices and the cap', () => {
  const gpt = modelConfig('gpt-5.4', NODES);
  // 800 x 2.50 + 200 x 0.25 + 100 x 15.00 per 1M = 0.00355 USD per call.
  const perCall = (800 * 2.5 + 200 * 0.25 + 100 * 15) / 1_000_000;

  it('bills every call from the price table', async () => {
    const engine = new FakeEngine(SUITE, { usage: [USAGE, { ...USAGE, node: 'synthesizer' }] });
    const report = await runEval({
      plugins: PLUGINS,
      suite: SUITE,
      mode: 'full',
      configs: [{ name: 'gpt', engine, llm: gpt }],
      maxCostUsd: 100,
      sqlChecks: false,
    });
    expect(report.dollars).toBeCloseTo(10 * 2 * perCall, 12);
    const m = report.configs[0]?.metrics;
    if (!m || !('dollars' in m)) throw new Error('no board');
    expect(m.dollars.per_case_run).toBeCloseTo(2 * perCall, 12);
    expect(m.tokens).toEqual({
      input: 20000,
      cached_input: 4000,
      cache_write: 0,
      output: 2000,
      reasoning: 400,
    });
    expect(report.configs[0]?.config.nodes.planner).toBe('openai:gpt-5.4');
    expect(m.faithfulness).toMatchObject({ answers: 7, faithful: 7, rate: 1 });
  });

  it('fails before any call when a model has no price', async () => {
    const engine = new FakeEngine(SUITE);
    const unpriced = modelConfig('ollama/llama3', NODES);
    await expect(
      runEval({
        plugins: PLUGINS,
        suite: SUITE,
        mode: 'full',
        configs: [
          { name: 'gpt', engine, llm: gpt },
          { name: 'local', engine, llm: unpriced },
        ],
        maxCostUsd: 1,
      }),
    ).rejects.toBeInstanceOf(UnknownPriceError);
    expect(engine.asked).toHaveLength(0);
  });

  it('refuses to run mode full without a cap', async () => {
    await expect(
      runEval({ plugins: PLUGINS, suite: SUITE, mode: 'full', engine: new FakeEngine(SUITE) }),
    ).rejects.toMatchObject({ code: 'NO_COST_CAP' });
  });

  it('stops before a case that could pass the cap, and reports the partial run', async () => {
    const engine = new FakeEngine(SUITE, { usage: [USAGE] });
    const events: RunEvent[] = [];
    // Room for 3 cases: after 3, spent + most expensive = 4 x perCall > cap.
    const report = await runEval({
      plugins: PLUGINS,
      suite: SUITE,
      mode: 'full',
      configs: [{ name: 'gpt', engine, llm: gpt }],
      maxCostUsd: 3.5 * perCall,
      sqlChecks: false,
      onEvent: (e) => events.push(e),
    });
    expect(report.stopped).toBe('max_cost');
    expect(report.completedCases).toBe(3);
    expect(report.configs[0]?.completedCases).toBeLessThan(report.configs[0]?.plannedCases ?? 0);
    expect(report.dollars).toBeLessThanOrEqual(3.5 * perCall);
    expect(events.some((e) => e.type === 'run.stopped' && e.reason === 'max_cost')).toBe(true);
  });

  it('always runs the first case, even over the cap', async () => {
    const engine = new FakeEngine(SUITE, { usage: [USAGE] });
    const report = await runEval({
      plugins: PLUGINS,
      suite: SUITE,
      mode: 'full',
      configs: [{ name: 'gpt', engine, llm: gpt }],
      maxCostUsd: 0,
      sqlChecks: false,
    });
    expect(report.completedCases).toBe(1);
    expect(report.stopped).toBe('max_cost');
  });

  it('asks a curated hit again on the generated path', async () => {
    const curatedEngine = new FakeEngine(SUITE, {
      override: { c1: () => ({ trace: { curated: true } }) },
    });
    const generated = new FakeEngine(SUITE, {
      override: {
        c1: () => ({ results: [{ columns: ['x'], rows: [['nope'], ['no']], truncated: false }] }),
      },
    });
    const report = await runEval({
      plugins: PLUGINS,
      suite: SUITE,
      mode: 'full',
      configs: [{ name: 'gpt', engine: curatedEngine, generated, llm: gpt }],
      maxCostUsd: 1,
      sqlChecks: false,
    });
    const c1 = report.configs[0]?.cases.filter((r) => r.caseId === 'c1') ?? [];
    expect(c1.map((r) => [r.status, r.generatedStatus, r.curated])).toEqual([
      ['pass', 'fail', true],
      ['pass', 'fail', true],
    ]);
    expect(generated.asked.map((a) => a.question)).toEqual(['question c1?', 'question c1?']);
    const m = report.configs[0]?.metrics;
    expect(m && 'accuracy_generated' in m ? m.accuracy_generated : null).toEqual({
      count: 8,
      total: 10,
      rate: 0.8,
    });
  });
});

describe('runEval journal', () => {
  it('writes one line per finished case run and resumes without asking them again', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'runner-'));
    const journal = join(dir, 'run.jsonl');
    const controller = new AbortController();
    const first = await runEval({
      plugins: PLUGINS,
      suite: SUITE,
      engine: new FakeEngine(SUITE),
      concurrency: 1,
      journal,
      signal: controller.signal,
      sqlChecks: false,
      onEvent: (e) => {
        if (e.type === 'case.finished' && e.completedCases === 4) controller.abort();
      },
    });
    expect(first.completedCases).toBe(4);
    expect(readJournal(journal)?.entries).toHaveLength(4);
    // A kill mid-write leaves half a line: it is dropped, and that case runs again.
    writeFileSync(journal, `${readFileSync(journal, 'utf8')}{"type":"case","con`);
    const engine = new FakeEngine(SUITE);
    const notices: string[] = [];
    const resumed = await runEval({
      plugins: PLUGINS,
      suite: SUITE,
      engine,
      journal,
      resume: true,
      sqlChecks: false,
      onEvent: (e) => {
        if (e.type === 'run.started') notices.push(...e.notices);
      },
    });
    // ... with a note saying so.
    expect(notices).toEqual([
      `journal ${journal}: its last line was cut short (19 bytes without a newline: a kill or a full disk) and is dropped; that case run runs again`,
    ]);
    expect(engine.asked).toHaveLength(6);
    expect(resumed.completedCases).toBe(10);
    expect(resumed.configs[0]?.cases.map((r) => r.caseId)).toEqual([
      'c1',
      'c1',
      'c2',
      'c2',
      'c3',
      'c3',
      'c4',
      'c4',
      'c5',
      'c5',
    ]);
    expect(readJournal(journal)?.entries).toHaveLength(10);
  });

  it('never replaces a journal that holds a run unless asked to (restart)', async () => {
    const journal = join(mkdtempSync(join(tmpdir(), 'runner-')), 'run.jsonl');
    const base = { suite: SUITE, journal, cases: ['c1'], sqlChecks: false as const };
    await runEval({ plugins: PLUGINS, ...base, engine: new FakeEngine(SUITE) });
    const before = readFileSync(journal, 'utf8');
    const engine = new FakeEngine(SUITE);
    const refused = await runEval({ plugins: PLUGINS, ...base, engine }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RunnerError);
    expect((refused as RunnerError).code).toBe('JOURNAL_EXISTS');
    expect((refused as RunnerError).message).toContain(`journal ${journal} already holds a run`);
    expect(engine.asked).toHaveLength(0);
    expect(readFileSync(journal, 'utf8')).toBe(before);
    // restart starts it afresh; an empty file is no run to lose.
    await runEval({
      plugins: PLUGINS,
      ...base,
      engine: new FakeEngine(SUITE),
      cases: ['c2'],
      restart: true,
    });
    expect(readJournal(journal)?.entries.map((e) => e.record.case_id)).toEqual(['c2', 'c2']);
    writeFileSync(journal, '');
    await runEval({ plugins: PLUGINS, ...base, engine: new FakeEngine(SUITE) });
    expect(readJournal(journal)?.entries).toHaveLength(2);
  });

  it('a journal that cannot be written (ENOSPC) is named once; the run goes on and reports', async () => {
    const journal = join(mkdtempSync(join(tmpdir(), 'runner-')), 'run.jsonl');
    symlinkSync('/dev/full', journal);
    const failures: string[] = [];
    const report = await runEval({
      plugins: PLUGINS,
      suite: SUITE,
      engine: new FakeEngine(SUITE),
      journal,
      sqlChecks: false,
      onEvent: (e) => {
        if (e.type === 'journal.failed') failures.push(`${e.path}: ${e.message}`);
      },
    });
    expect(failures).toEqual([
      `${journal}: journal ${journal}: cannot write (ENOSPC: no space left on device, write)`,
    ]);
    expect(report.completedCases).toBe(10);
    expect(report.stopped).toBeNull();
  });

  it('refuses to resume a journal of another run', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'runner-'));
    const journal = join(dir, 'run.jsonl');
    await runEval({
      plugins: PLUGINS,
      suite: SUITE,
      engine: new FakeEngine(SUITE),
      journal,
      cases: ['c1'],
      sqlChecks: false,
    });
    await expect(
      runEval({
        plugins: PLUGINS,
        suite: SUITE,
        engine: new FakeEngine(SUITE),
        journal,
        resume: true,
        sqlChecks: false,
      }),
    ).rejects.toBeInstanceOf(RunnerError);
  });
});

describe('runEval in mode retrieval', () => {
  it('scores table and column recall per answerable case and allowed role', async () => {
    const engine = new FakeEngine(SUITE, {
      retrieve: (c) =>
        c.id === 'c2'
          ? { tables_sent: ['Genre', 'Track'], columns_sent: ['Genre.Name'] }
          : { tables_sent: c.tables, columns_sent: c.columns },
    });
    const report = await runEval({ plugins: PLUGINS, suite: SUITE, mode: 'retrieval', engine });
    // c1, c2, c5 x 2 roles, c3 x analyst only; c4 is unanswerable.
    expect(report.plannedCases).toBe(7);
    expect(report.configs[0]?.config.name).toBe('retrieval');
    const m = report.configs[0]?.metrics;
    if (!m || !('retrieval' in m)) throw new Error('no retrieval board');
    expect(m.retrieval).toMatchObject({
      cases: 7,
      table_recall: 1,
      perfect_tables: 7,
      perfect_columns: 5,
    });
    expect(m.retrieval.column_recall).toBeCloseTo((5 + 0.5 + 0.5) / 7, 12);
    expect(report.settings.retrieval).toEqual({ full_snapshot_max_tables: 0 });
  });
});
