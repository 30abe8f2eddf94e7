import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type EvalConfig,
  listTasks,
  pendingTasks,
  plannedRuns,
  selectCases,
  taskKey,
  taskKeysDigest,
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

describe('listTasks with a shard', () => {
  const shards = (n: number, passes = 2) =>
    Array.from({ length: n }, (_, i) =>
      listTasks(SUITE, {}, 'plans', passes, configs, { index: i + 1, count: n }),
    );

  it('the shards partition the run: every task once, in the run order, a case whole in one shard', () => {
    const whole = listTasks(SUITE, {}, 'plans', 2, configs);
    for (const n of [1, 2, 3, 5, 8]) {
      const parts = shards(n);
      const keys = parts.flatMap((p) => p.tasks.map((t) => t.key));
      expect(new Set(keys).size).toBe(keys.length);
      expect([...keys].sort()).toEqual(whole.tasks.map((t) => t.key).sort());
      for (const part of parts) {
        // Each shard keeps the run's order and numbers its own tasks from 0.
        const inRun = part.tasks.map((t) => whole.tasks.findIndex((w) => w.key === t.key));
        expect(inRun).toEqual([...inRun].sort((a, b) => a - b));
        expect(part.tasks.map((t) => t.order)).toEqual(part.tasks.map((_, i) => i));
        // Every role, pass and config of a case is in the same shard.
        for (const id of new Set(part.tasks.map((t) => t.case.id))) {
          expect(part.tasks.filter((t) => t.case.id === id)).toHaveLength(
            whole.tasks.filter((t) => t.case.id === id).length,
          );
        }
        expect(part.shard).toMatchObject({
          count: n,
          runDigest: whole.digest,
          runPlannedCases: whole.tasks.length,
        });
        expect(part.roles).toEqual(whole.roles);
        expect([...(part.shard?.casePositions.keys() ?? [])]).toEqual(part.cases.map((c) => c.id));
      }
    }
  });

  it('a shard may be empty (more shards than cases): it plans nothing, and is not NO_CASES', () => {
    const parts = Array.from({ length: 40 }, (_, i) =>
      listTasks(SUITE, { cases: ['c1'] }, 'plans', 1, configs, { index: i + 1, count: 40 }),
    );
    expect(parts.filter((p) => p.tasks.length > 0)).toHaveLength(1);
    expect(parts.filter((p) => p.tasks.length === 0).length).toBe(39);
  });

  it('the digest of a whole list is the SHA-256 of its keys as a JSON array, as journals hold it', () => {
    const whole = listTasks(SUITE, {}, 'plans', 1, configs);
    expect(whole.digest).toBe(
      createHash('sha256')
        .update(JSON.stringify(whole.tasks.map((t) => t.key)))
        .digest('hex'),
    );
    expect(taskKeysDigest(whole.tasks.map((t) => t.key))).toBe(whole.digest);
  });
});
