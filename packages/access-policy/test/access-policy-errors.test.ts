import { CHINOOK_POLICIES } from '@nl2sql/datasets';
import { describe, expect, it } from 'vitest';
import { accessPolicyErrors } from '../src/access-policy-errors.js';

describe('accessPolicyErrors', () => {
  it('accepts the Chinook policy and an empty one', () => {
    // CHINOOK_POLICIES carries a description per role for people; strip it as a file would not have it.
    const roles = Object.fromEntries(
      Object.entries(CHINOOK_POLICIES.roles).map(([role, r]) => [role, { tables: r.tables }]),
    );
    expect(accessPolicyErrors({ roles })).toEqual([]);
    expect(accessPolicyErrors({ roles: {} })).toEqual([]);
  });

  it('names the path of every fault', () => {
    expect(accessPolicyErrors(null)).toEqual(['the policy must be an object {"roles": {...}}']);
    expect(accessPolicyErrors({ role: {} })).toEqual([
      'role: unknown key (a policy has only "roles")',
      'roles: must be an object mapping each role to {"tables": [...]}',
    ]);
    expect(
      accessPolicyErrors({
        roles: {
          a: { tables: 'Album' },
          b: ['Album'],
          c: { tables: ['Album', 3, ' '] },
          ' ': { tables: [] },
        },
      }),
    ).toEqual([
      'roles.a.tables: must be a list of table names',
      'roles.b: must be an object {"tables": [...]}',
      'roles.c.tables[1]: must be a table name, got 3',
      'roles.c.tables[2]: must be a table name, got " "',
      'roles. : a role name must not be blank',
    ]);
  });

  it('refuses a key it does not enforce (a per-table column list) rather than ignore it', () => {
    expect(
      accessPolicyErrors({ roles: { a: { tables: ['Album'], columns: { Album: ['Title'] } } } }),
    ).toEqual(['roles.a.columns: unknown key (a role has only "tables")']);
  });
});
