import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AccessPolicy } from '../src/access-policy.js';
import {
  columnsOutsideScope,
  limitsColumnsOf,
  readsOutOfScope,
  roleAccess,
  withinScope,
} from '../src/column-scope.js';

const POLICY: AccessPolicy = {
  roles: {
    admin: { tables: ['Customer', 'Invoice'] },
    support: {
      tables: ['Customer', 'Invoice'],
      columns: { customer: ['CustomerId', 'FirstName', 'LastName', 'Country'] },
    },
  },
};

describe('the column rule', () => {
  it('a column list narrows its table; other tables are read whole', () => {
    expect(
      readsOutOfScope(POLICY, 'support', {
        tables: ['Customer', 'Invoice'],
        columns: ['Customer.FirstName', 'CUSTOMER.email', 'Invoice.Total', 'Customer.Phone'],
      }),
    ).toEqual({ tables: [], columns: ['CUSTOMER.email', 'Customer.Phone'] });
    expect(
      withinScope(
        readsOutOfScope(POLICY, 'admin', { tables: ['Customer'], columns: ['Customer.Email'] }),
      ),
    ).toBe(true);
  });

  it('an unknown role reads nothing; without a policy everything is read', () => {
    expect(roleAccess(POLICY, 'intern')).toEqual({ tables: [] });
    expect(roleAccess(POLICY, 'toString')).toEqual({ tables: [] });
    expect(readsOutOfScope(POLICY, 'intern', { tables: ['Invoice'], columns: [] }).tables).toEqual([
      'Invoice',
    ]);
    expect(withinScope(readsOutOfScope(undefined, 'x', { tables: ['A'], columns: ['A.b'] }))).toBe(
      true,
    );
  });

  it('limitsColumnsOf says which tables are narrowed, in any spelling case', () => {
    const support = roleAccess(POLICY, 'support');
    expect(support && limitsColumnsOf(support, 'CUSTOMER')).toBe(true);
    expect(support && limitsColumnsOf(support, 'Invoice')).toBe(false);
  });

  it('property: a pair is outside exactly when its table has a list without its column', () => {
    const name = fc.constantFrom('a', 'b', 'c');
    fc.assert(
      fc.property(
        fc.dictionary(name, fc.uniqueArray(name, { minLength: 1 })),
        fc.array(fc.tuple(name, name)),
        (lists, pairs) => {
          const access = { tables: ['a', 'b', 'c'], columns: lists };
          const outside = columnsOutsideScope(
            access,
            pairs.map(([t, c]) => `${t.toUpperCase()}.${c}`),
          );
          const expected = pairs
            .filter(([t, c]) => Object.hasOwn(lists, t) && !lists[t]?.includes(c))
            .map(([t, c]) => `${t.toUpperCase()}.${c}`);
          expect(outside).toEqual(expected);
        },
      ),
    );
  });
});
