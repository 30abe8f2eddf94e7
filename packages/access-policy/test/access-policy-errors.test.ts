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

  it('accepts column lists of tables the role reads, and names every fault of them', () => {
    expect(
      accessPolicyErrors({ roles: { a: { tables: ['Album'], columns: { album: ['Title'] } } } }),
    ).toEqual([]);
    expect(
      accessPolicyErrors({
        roles: {
          a: { tables: ['Album'], columns: { Track: ['Name'] } },
          b: { tables: ['Album'], columns: ['Title'] },
          c: { tables: ['Album'], columns: { Album: [] } },
          d: { tables: ['Album'], columns: { Album: ['Title', 2] } },
          e: { tables: ['Album'], rows: { Album: 'x' } },
        },
      }),
    ).toEqual([
      "roles.a.columns.Track: Track is not in the role's tables; a column list narrows a table the role reads",
      'roles.b.columns: must be an object mapping a table to the columns the role may read',
      'roles.c.columns.Album: must be a non-empty list of column names (leave the table out of tables to deny it whole)',
      'roles.d.columns.Album[1]: must be a column name, got 2',
      'roles.e.rows: unknown key (a role has only "tables" and "columns")',
    ]);
  });
});
