import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type EvalConfig,
  listTasks,
  pendingTasks,
  plannedRuns,
  selectCases,
  taskKey,
} from '../src/index.js';
import { FakeEngine } from './fake-engine.js';
import { SUITE } from './suite-fixture.js';

const engine = new FakeEngine(SUITE);
const configs: EvalConfig[] = [
  { name: 'a', engine },
  { name: 'b', engine },
];

describe('listTasks', () => {
  it('suite x roles x passes x configs: pass by pass, config by config, in suite order', () => {
    const list = listTasks(SUITE, { cases: ['c1', 'c3'] }, 'plans', 2, configs);
    expect(list.cases.map((c) => c.id)).toEqual(['c1', 'c3']);
    expect(list.roles).toEqual(['analyst', 'support']);
    expect(list.runs).toHaveLength(8);
    expect(list.tasks.map((t) => `${t.pass}:${t.config.name}:${t.case.id}@${t.role}`)).toEqual([
      '1:a:c1@analyst',
      '1:a:c1@support',
      '1:a:c3@analyst',
      '1:a:c3@support',
      '1:b:c1@analyst',
      '1:b:c1@support',
      '1:b:c3@analyst',
      '1:b:c3@support',
      '2:a:c1@analyst',
      '2:a:c1@support',
      '2:a:c3@analyst',
      '2:a:c3@support',
      '2:b:c1@analyst',
      '2:b:c1@support',
      '2:b:c3@analyst',
      '2:b:c3@support',
    ]);
    expect(list.tasks.map((t) => t.order)).toEqual(list.tasks.map((_, i) => i));
    expect(list.tasks.find((t) => t.case.id === 'c3' && t.role === 'support')?.expected).toBe(
      'refused',
    );
  });

  it('mode retrieval asks answerable cases, once per role allowed to read them', () => {
    const list = listTasks(SUITE, {}, 'retrieval', 1, [configs[0] as EvalConfig]);
    expect(list.tasks.map((t) => `${t.case.id}@${t.role}`)).toEqual([
      'c1@analyst',
      'c1@support',
      'c2@analyst',
      'c2@support',
      'c3@analyst',
      'c5@analyst',
      'c5@support',
    ]);
  });

  it('a case with no roles runs once with role null, and only when no role is selected', () => {
    const noRoles = { ...SUITE, cases: SUITE.cases.map((c) => ({ ...c, outcome: {} })) };
    expect(plannedRuns(selectCases(noRoles), 'plans', 1).map((r) => r.role)).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
    expect(plannedRuns(selectCases(noRoles), 'plans', 1)[3]?.expected).toBe('unanswerable');
  });

  it('the digest names the task list: same selection same digest, any change another', () => {
    const one = listTasks(SUITE, {}, 'plans', 1, configs).digest;
    expect(listTasks(SUITE, {}, 'plans', 1, configs).digest).toBe(one);
    expect(listTasks(SUITE, {}, 'plans', 2, configs).digest).not.toBe(one);
    expect(listTasks(SUITE, { roles: ['analyst'] }, 'plans', 1, configs).digest).not.toBe(one);
    expect(listTasks(SUITE, {}, 'plans', 1, [...configs].reverse()).digest).not.toBe(one);
  });

  it('NO_CASES when the selection keeps nothing', () => {
    expect(() => listTasks(SUITE, { tags: ['offset'] }, 'plans', 1, configs)).toThrow(
      expect.objectContaining({ code: 'NO_CASES' }),
    );
  });
});

describe('pendingTasks (the resume filter)', () => {
  it('keeps exactly the tasks not finished, in order, for any finished subset', () => {
    const { tasks } = listTasks(SUITE, {}, 'plans', 2, configs);
    fc.assert(
      fc.property(
        fc.array(fc.boolean(), { minLength: tasks.length, maxLength: tasks.length }),
        (done) => {
          const finished = new Set(tasks.filter((_, i) => done[i]).map((t) => t.key));
          const pending = pendingTasks(tasks, finished);
          expect(pending.map((t) => t.order)).toEqual(
            tasks.filter((_, i) => !done[i]).map((t) => t.order),
          );
        },
      ),
    );
  });

  it('finds a finished case run by the key its config and run make', () => {
    const { tasks } = listTasks(SUITE, { cases: ['c2'] }, 'plans', 1, configs);
    const key = taskKey('b', { caseId: 'c2', role: 'support', pass: 1 });
    expect(pendingTasks(tasks, new Set([key])).map((t) => `${t.config.name}:${t.role}`)).toEqual([
      'a:analyst',
      'a:support',
      'b:analyst',
    ]);
  });
});
