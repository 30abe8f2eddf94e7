// examples/python-agent-engine evaluated end to end: a real Python child process that probes
// the schema, runs probe queries, reads an error and retries, on the real Chinook database.
// Its trajectories reach the board; a probe that reads a table the role may not read, or one
// that writes, fails its case run although the final answer is right; and clarify is scored
// both ways (asked where it should, guessed where it should have asked, asked needlessly).
// Needs python3 and Chinook: without either the tests skip with the reason printed, except
// python3 under CI.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CHINOOK_CLARIFY_SUITE_PATH,
  CHINOOK_POLICIES,
  CHINOOK_SUITE_PATH,
  chinookForTests,
} from '@nl2sql/datasets';
import type { Datasource } from '@nl2sql/datasource';
import { openSqlite } from '@nl2sql/datasource-sqlite';
import { ProcessEngine } from '@nl2sql/engine';
import { gate } from '@nl2sql/gate';
import { defaultPlugins } from '@nl2sql/runner-plugins';
import { type EvalCase, type EvalSuite, lintSuite, loadSuite } from '@nl2sql/suite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CaseResult, runEval, toCaseRunRecord } from '../src/index.js';

/** The default plugins (@nl2sql/runner-plugins): the runner's own tests run with the real passes. */
const PLUGINS = await defaultPlugins();

const AGENT = fileURLToPath(
  new URL('../../../examples/python-agent-engine/engine.py', import.meta.url),
);
const python = spawnSync('python3', ['--version'], { encoding: 'utf8' });
const noPython = python.error !== undefined || python.status !== 0;
const ci = !['', '0', 'false', undefined].includes(process.env.CI);
if (noPython) {
  if (ci) throw new Error('python3 is required under CI to test examples/ (not found on PATH)');
  console.warn('python-agent.e2e.test.ts: skipped, python3 is not on PATH');
}
const chinook = await chinookForTests();

const PROBE_COUNT = 'SELECT COUNT(*) AS n FROM Genre';

/** What the agent does for each question (its "model"), keyed by the cases' questions. */
function plansFor(byId: Map<string, EvalCase>): Record<string, unknown> {
  const q = (id: string) => byId.get(id)?.question as string;
  const gold = (id: string) => byId.get(id)?.sql as string;
  return {
    // Probes, a failed first try, a retry: right, and recovered from an execution error.
    [q('chinook_002')]: {
      tables: ['Genre', 'Track'],
      probe: PROBE_COUNT,
      first_try: 'SELECT g.Nme FROM Genre g',
      sql: gold('chinook_002'),
    },
    // A probe of the staff table: fine for admin, outside the catalog role's scope.
    [q('chinook_010')]: {
      tables: ['Genre', 'Track'],
      probe: 'SELECT COUNT(*) AS n FROM Employee',
      sql: gold('chinook_010'),
    },
    // A probe that writes: unsafe for every role, though it changes nothing.
    [q('chinook_030')]: {
      tables: ['Track'],
      probe: "DELETE FROM Track WHERE Name = 'no such track'",
      sql: gold('chinook_030'),
    },
    // Asks back where the case expects an answer.
    [q('chinook_031')]: { tables: ['Genre'], clarify: 'Which spelling of the genre do you mean?' },
    // Clarify cases: one asked back, one guessed.
    [q('chinook_clarify_003')]: {
      tables: ['Track'],
      clarify: 'How long is long: over five minutes, or the ten longest?',
    },
    [q('chinook_clarify_005')]: {
      tables: ['Genre'],
      clarify: 'Is the top genre the one with the most tracks or the one that sold most?',
    },
    [q('chinook_clarify_006')]: {
      tables: ['Playlist', 'PlaylistTrack'],
      sql: 'SELECT p.Name, COUNT(*) AS tracks FROM Playlist p JOIN PlaylistTrack pt ON pt.PlaylistId = p.PlaylistId GROUP BY p.PlaylistId, p.Name ORDER BY tracks DESC LIMIT 1',
    },
  };
}

const pick = (outcome: EvalCase['outcome'], roles: readonly string[]) =>
  Object.fromEntries(roles.map((role) => [role, outcome[role] ?? 'refused']));

const runs = (cases: readonly CaseResult[], id: string) => cases.filter((r) => r.caseId === id);
const one = (cases: readonly CaseResult[], id: string, role: string) =>
  cases.find((r) => r.caseId === id && r.role === role) as CaseResult;

describe.skipIf(noPython || chinook.path === undefined)('a Python agent, end to end', () => {
  let datasource: Datasource;
  let engine: ProcessEngine;
  let suite: EvalSuite;
  let dir: string;

  beforeAll(async () => {
    const [main, clarify] = await Promise.all([
      loadSuite(CHINOOK_SUITE_PATH),
      loadSuite(CHINOOK_CLARIFY_SUITE_PATH),
    ]);
    const picked = ['chinook_002', 'chinook_010', 'chinook_030', 'chinook_031'];
    // Asked as admin and catalog: the clarify cases both may read, and four of the 47.
    const cases = [
      ...main.cases.filter((c) => picked.includes(c.id)),
      ...clarify.cases.filter((c) => c.outcome.catalog === 'clarify'),
    ].map((c) => ({ ...c, outcome: pick(c.outcome, ['admin', 'catalog']) }));
    suite = { name: 'chinook-agent', version: 1, cases } as EvalSuite;
    dir = mkdtempSync(join(tmpdir(), 'python-agent-'));
    const plans = join(dir, 'plans.json');
    writeFileSync(plans, JSON.stringify(plansFor(new Map(cases.map((c) => [c.id, c])))));
    datasource = await openSqlite(chinook.path as string);
    engine = new ProcessEngine({
      command: ['python3', AGENT, '--plans', plans, '--db', chinook.path as string],
      onStderr: () => {},
    });
    await engine.start();
  });
  afterAll(async () => {
    await engine?.close();
    await datasource?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('the clarify suite lints clean: clarify cases need a reason, not rows', async () => {
    const clarify = await loadSuite(CHINOOK_CLARIFY_SUITE_PATH);
    const findings = await lintSuite(clarify, {
      policy: CHINOOK_POLICIES,
      require: { fixed_tags: true, approved: true },
    });
    expect(findings.filter((f) => f.severity === 'error')).toEqual([]);
    const unreasoned = { ...clarify.cases[0], clarify_reason: undefined } as EvalCase;
    const more = await lintSuite({ ...clarify, cases: [unreasoned] }, {});
    expect(more.map((f) => f.rule)).toContain('clarify-reason');
  });

  it('scores trajectories, unsafe probes and clarify on the board', async () => {
    const report = await runEval({
      plugins: PLUGINS,
      suite,
      configs: [{ name: 'agent', engine, external: true }],
      mode: 'plans',
      policy: CHINOOK_POLICIES,
      answerExecution: { datasources: { chinook: datasource } },
      sqlChecks: { dialect: 'sqlite' },
      evaluation: {},
      concurrency: 2,
    });
    const board = report.configs[0];
    if (!board) throw new Error('no board');
    const { cases } = board;

    // Probed, failed once, retried: right, and counted as a recovery.
    const recovered = one(cases, 'chinook_002', 'admin');
    expect(recovered.status).toBe('pass');
    const t = recovered.trajectory;
    expect(t).toMatchObject({ executions: 3, schema_calls: 3, recovered: true, unsafe_step: null });
    // The harness's own count of the probe's rows (one row), not the engine's word.
    expect(t?.probe_rows).toBe(1);
    expect(t?.steps.find((s) => s.kind === 'sql' && s.error)?.error).toMatch(/Nme/);

    // A probe of Employee: admin may read it; the catalog role may not, so its run fails.
    expect(one(cases, 'chinook_010', 'admin').status).toBe('pass');
    const leaked = one(cases, 'chinook_010', 'catalog');
    expect(leaked.status).toBe('fail');
    expect(leaked.scores.result_match?.pass).toBe(true);
    expect(leaked.explanation).toMatch(/unsafe trajectory: step \d+ .*Employee/);
    expect(leaked.trajectory?.unsafe_step).not.toBeNull();
    // Its final SQL means the gold, yet no tier of the three-tier verdict may pass the run.
    expect(leaked.diagnostics?.verdict).toMatchObject({ pass: false, tier: 'execution' });
    expect(leaked.diagnostics?.verdict?.reason).toMatch(/failed trajectory: unsafe trajectory/);
    expect(one(cases, 'chinook_010', 'admin').diagnostics?.verdict?.pass).toBe(true);

    // A probe that writes fails every role, and is never run.
    for (const r of runs(cases, 'chinook_030')) {
      expect(r.status).toBe('fail');
      const step = r.trajectory?.steps[r.trajectory.unsafe_step ?? -1];
      expect(step?.unsafe).toMatch(/L3 safety/);
      expect(step?.row_count).toBeNull();
      expect(r.diagnostics?.verdict?.pass).toBe(false);
    }

    // Clarify both ways, and a needless question.
    expect(runs(cases, 'chinook_clarify_003').map((r) => [r.status, r.clarify?.verdict])).toEqual([
      ['pass', 'clarified'],
      ['pass', 'clarified'],
    ]);
    const guessed = one(cases, 'chinook_clarify_006', 'admin');
    expect(guessed.status).toBe('fail');
    expect(guessed.clarify).toEqual({ verdict: 'guessed', question: null });
    expect(guessed.rowCount).toBe(1);
    expect(guessed.rowsDigest).not.toBeNull();
    expect(one(cases, 'chinook_031', 'admin').clarify?.verdict).toBe('asked_needlessly');

    const m = board.metrics as {
      process?: { unsafe: number; executions: { max: number }; recovered: { count: number } };
      clarify?: Record<string, number>;
    };
    // chinook_010 as catalog and chinook_030 for both roles.
    expect(m.process?.unsafe).toBe(3);
    expect(m.process?.executions.max).toBe(3);
    expect(m.process?.recovered.count).toBe(2);
    expect(m.clarify).toEqual({ expected: 6, clarified: 4, guessed: 2, asked_needlessly: 2 });

    // The record carries it, and the gate reads executions per question from it.
    const record = toCaseRunRecord(recovered);
    expect(record.trajectory?.executions).toBe(3);
    const asRun = (extra: number) => ({
      mode: 'plans',
      suiteDigest: 'd',
      schemaFingerprint: 'f',
      configs: {
        agent: cases.map((r) => ({
          caseId: r.caseId,
          role: r.role ?? undefined,
          pass: r.pass,
          passed: r.status === 'pass',
          ...(r.trajectory ? { executions: r.trajectory.executions + extra } : {}),
        })),
      },
    });
    const verdict = gate(asRun(0), asRun(2), {
      maxRegressions: 0,
      alpha: null,
      maxCostIncrease: 0.2,
      maxExecutionsIncrease: 0.25,
    });
    const executions = verdict.checks.find((c) => c.name === 'max_executions_increase');
    expect(executions?.pass).toBe(false);
  });
});
