import type { AccessPolicy } from '@nl2sql/access-policy';
import { CHINOOK_POLICIES, CHINOOK_SUITE_PATH } from '@nl2sql/datasets';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { chinookProject } from '../src/chinook-project.js';
import type { ProjectPolicy } from '../src/project.js';

describe('chinookProject', () => {
  it("is today's built-in setup: chinook, the demo policy, the Chinook suite, the reference engine", () => {
    const project = chinookProject({ database: '/data/Chinook_Sqlite.sqlite', dir: '/work' });
    expect(project).toEqual({
      file: null,
      dir: '/work',
      secrets: [],
      datasources: [{ id: 'chinook', engine: 'sqlite', path: '/data/Chinook_Sqlite.sqlite' }],
      policy: {
        roles: Object.fromEntries(
          Object.entries(CHINOOK_POLICIES.roles).map(([role, r]) => [
            role,
            { tables: [...r.tables] },
          ]),
        ),
      },
      suites: [CHINOOK_SUITE_PATH],
      engines: [{ name: 'reference', kind: 'reference' }],
      defaultEngine: 'reference',
      gate: {},
      run: {},
    });
  });

  it("has a policy that is an access policy (@nl2sql/access-policy's type)", () => {
    expectTypeOf<ProjectPolicy>().toExtend<AccessPolicy>();
  });
});
