import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AccessPolicy,
  hasRole,
  roleTables,
  tablesOutOfScope,
  tablesOutsideScope,
} from '../src/access-policy.js';

const POLICY: AccessPolicy = {
  roles: {
    admin: { tables: ['Album', 'Artist', 'Customer', 'Employee'] },
    catalog: { tables: ['Album', 'Artist'] },
    nobody: { tables: [] },
  },
};

const swapCase = (s: string) =>
  [...s].map((ch) => (ch === ch.toLowerCase() ? ch.toUpperCase() : ch.toLowerCase())).join('');

describe('the access rule', () => {
  it('a role reads the tables its list names, in any spelling case', () => {
    expect(tablesOutOfScope(POLICY, 'catalog', ['album', 'ARTIST'])).toEqual([]);
    expect(tablesOutOfScope(POLICY, 'catalog', ['Album', 'Customer', 'employee'])).toEqual([
      'Customer',
      'employee',
    ]);
    expect(tablesOutOfScope(POLICY, 'nobody', ['Album'])).toEqual(['Album']);
  });

  it('a role the policy does not name reads nothing, even one named like a prototype key', () => {
    for (const role of ['intern', 'toString', 'constructor', '__proto__', 'hasOwnProperty']) {
      expect(hasRole(POLICY, role)).toBe(false);
      expect(roleTables(POLICY, role)).toEqual([]);
      expect(tablesOutOfScope(POLICY, role, ['Album'])).toEqual(['Album']);
    }
  });

  it('without a policy every role reads every table', () => {
    expect(roleTables(undefined, 'anyone')).toBeUndefined();
    expect(tablesOutOfScope(undefined, 'anyone', ['Album', 'Secret'])).toEqual([]);
  });

  it('roleTables is a copy: changing it changes no policy', () => {
    const tables = roleTables(POLICY, 'catalog') as string[];
    tables.push('Customer');
    expect(tablesOutOfScope(POLICY, 'catalog', ['Customer'])).toEqual(['Customer']);
  });

  it('for any scope and tables: out of scope = exactly the tables no scope entry names, whatever the case', () => {
    const name = fc.stringMatching(/^[A-Za-z][A-Za-z0-9_]{0,8}$/);
    fc.assert(
      fc.property(fc.array(name), fc.array(name), fc.boolean(), (scope, tables, flip) => {
        const asked = flip ? tables.map(swapCase) : tables;
        const outside = tablesOutsideScope(scope, asked);
        const lower = new Set(scope.map((t) => t.toLowerCase()));
        expect(outside).toEqual(asked.filter((t) => !lower.has(t.toLowerCase())));
        // Everything named by the scope is inside it, in any case.
        expect(tablesOutsideScope(scope, scope.map(swapCase))).toEqual([]);
        // The policy form and the scope form agree.
        const policy = { roles: { r: { tables: scope } } };
        expect(tablesOutOfScope(policy, 'r', asked)).toEqual(outside);
      }),
    );
  });
});
