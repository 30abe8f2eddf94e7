import { describe, expect, it } from 'vitest';
import {
  buildBoard,
  type EvalConfig,
  listTasks,
  RunCollector,
  type RunEvent,
  RunnerError,
} from '../src/index.js';
import { caseResultOf } from './case-result-fixture.js';
import { FakeEngine } from './fake-engine.js';
import { SUITE } from './suite-fixture.js';

const timings = { engineMs: 1, databaseMs: 0, scoringMs: 0, queuedMs: 0 };
const progress = { completedCases: 1, plannedCases: 2, passedCases: 1, dollars: 0 };

function started(caseId: string): RunEvent {
  return { type: 'case.started', config: 'plans', caseId, question: '?', role: null, pass: 1 };
}

function finished(caseId: string): RunEvent {
  return {
    type: 'case.finished',
    config: 'plans',
    result: caseResultOf(caseId),
    timings,
    ...progress,
  };
}

describe('RunCollector', () => {
  it('keeps one result per finished case run and sums their time', () => {
    const collector = new RunCollector();
    for (const e of [started('a'), started('b'), finished('a'), finished('b')])
      collector.listener(e);
    expect([...collector.results.keys()]).toEqual(['["plans","a",null,1]', '["plans","b",null,1]']);
    expect(collector.unfinished.size).toBe(0);
    expect(collector.timings(10)).toMatchObject({ wallMs: 10, engineMs: 2 });
  });

  it('counts each board as case runs finish, as buildBoard counts them in task order', () => {
    const config: EvalConfig = { name: 'plans', engine: new FakeEngine(SUITE) };
    const list = listTasks(SUITE, {}, 'plans', 2, [config]);
    const options = { retrieval: false, passes: 2, curated: false, faithfulness: false };
    const collector = new RunCollector({ tasks: list.tasks, options });
    const results = list.tasks.map((t, i) =>
      caseResultOf(t.case.id, { role: t.role, pass: t.pass, costUsd: 0.1 * (i + 1), latencyMs: i }),
    );
    // Finishing in reverse: the board is the same as the one of the run's order.
    for (const t of [...list.tasks].reverse()) {
      const result = results[t.order];
      collector.listener({
        type: 'case.started',
        config: 'plans',
        caseId: t.case.id,
        question: '?',
        role: t.role,
        pass: t.pass,
      });
      collector.listener({
        type: 'case.finished',
        config: 'plans',
        result: result as (typeof results)[0],
        timings,
        ...progress,
      });
      if (t.order === list.tasks.length - 5) {
        expect(collector.boards.get('plans')?.count).toBe(5);
      }
    }
    expect(collector.boards.get('plans')?.metrics()).toEqual(
      buildBoard(results, { passes: 2, curated: false, faithfulness: false }),
    );
  });

  it('a case run recorded twice is an internal error, not a board that counts it twice', () => {
    const collector = new RunCollector();
    collector.listener(started('a'));
    collector.listener(finished('a'));
    expect(() => collector.listener(finished('a'))).toThrow(RunnerError);
    expect(() => collector.listener(finished('a'))).toThrow(/recorded twice/);
    expect(collector.results.size).toBe(1);
  });

  it('a case run that finishes without having started, or starts twice, is an internal error', () => {
    const collector = new RunCollector();
    expect(() => collector.listener(finished('x'))).toThrow(/without having started/);
    collector.listener(started('y'));
    expect(() => collector.listener(started('y'))).toThrow(/started twice/);
  });

  it('a resumed case run finished again is recorded twice', () => {
    const collector = new RunCollector();
    collector.listener({
      type: 'run.started',
      mode: 'plans',
      configs: ['plans'],
      dataset: { name: 's.yaml', digest: 'd' },
      cases: [],
      plannedCases: 1,
      tasksDigest: 't',
      engines: {},
      billed: {},
      notices: [],
      resumed: [{ config: 'plans', result: caseResultOf('a') }],
    });
    expect(() => collector.listener(started('a'))).toThrow(/started twice/);
  });

  it('case runs cancelled in flight are the unfinished ones', () => {
    const collector = new RunCollector();
    collector.listener(started('a'));
    collector.listener(started('b'));
    collector.listener(finished('b'));
    expect([...collector.unfinished]).toEqual(['["plans","a",null,1]']);
  });
});

describe('RunCollector on a long run', () => {
  it('holds the parts that repeat across case runs once, whatever the run length', () => {
    const collector = new RunCollector();
    const n = 5_000;
    const violation = (i: number) => ({
      pass: false,
      lenient: false,
      explanation: `L3 safety: rule ${i % 3}`,
      detail: { levels: [{ level: 'L3', violations: [{ rule: `r${i % 3}` }] }] },
      kind: 'diagnostic' as const,
    });
    for (let i = 0; i < n; i++) {
      const id = `c${i}`;
      collector.listener(started(id));
      collector.listener({
        type: 'case.finished',
        config: 'plans',
        // Each result made afresh, as a scorer makes it: equal parts, distinct objects.
        result: caseResultOf(id, {
          scores: {
            outcome: {
              pass: true,
              lenient: true,
              explanation: null,
              detail: { expected: 'allowed' },
            },
            sql_checks: violation(i),
          },
        }),
        timings,
        ...progress,
      });
    }
    const held = [...collector.results.values()];
    expect(held).toHaveLength(n);
    // Three kinds of sql_checks verdict: three score objects held, one token count, one outcome.
    expect(new Set(held.map((r) => r.scores)).size).toBe(3);
    expect(new Set(held.map((r) => r.scores.outcome)).size).toBe(1);
    expect(new Set(held.map((r) => r.tokens)).size).toBe(1);
    // Every field as the case run finished with it.
    expect(held[7]).toStrictEqual(
      caseResultOf('c7', {
        scores: {
          outcome: {
            pass: true,
            lenient: true,
            explanation: null,
            detail: { expected: 'allowed' },
          },
          sql_checks: violation(7),
        },
      }),
    );
  });
});
