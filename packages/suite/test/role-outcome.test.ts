import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { columnsOutsideScope, roleOutcome } from '../src/index.js';

describe('roleOutcome', () => {
  it('allows a query whose tables are all in scope, any spelling case', () => {
    const scope = { tables: ['Orders', 'customers'] };
    expect(roleOutcome(scope, { tables: ['orders', 'CUSTOMERS'], columns: [] })).toBe('allowed');
    expect(roleOutcome(scope, { tables: ['orders', 'salaries'], columns: [] })).toBe('refused');
  });

  it("narrows a table to the policy's columns; tables without a list stay whole", () => {
    const scope = { tables: ['customers', 'orders'], columns: { Customers: ['id', 'Name'] } };
    const reads = (columns: string[]) => ({ tables: ['customers', 'orders'], columns });
    expect(roleOutcome(scope, reads(['customers.name', 'orders.total']))).toBe('allowed');
    expect(roleOutcome(scope, reads(['customers.email']))).toBe('refused');
    expect(columnsOutsideScope(scope, ['customers.email', 'customers.id', 'orders.x'])).toEqual([
      'customers.email',
    ]);
  });

  it('refuses exactly when a table or a listed column is outside the scope (property)', () => {
    const names = ['a', 'b', 'c'];
    fc.assert(
      fc.property(
        fc.subarray(names),
        fc.subarray(names, { minLength: 1 }),
        fc.subarray(['x', 'y']),
        fc.subarray(['x', 'y']),
        (scopeTables, readTables, allowedOfA, readOfA) => {
          const scope = { tables: scopeTables, columns: { a: allowedOfA } };
          const reads = {
            tables: readTables,
            columns: readTables.includes('a') ? readOfA.map((c) => `a.${c}`) : [],
          };
          const tablesOk = readTables.every((t) => scopeTables.includes(t));
          const columnsOk = reads.columns.every((c) => allowedOfA.includes(c.slice(2)));
          expect(roleOutcome(scope, reads)).toBe(tablesOk && columnsOk ? 'allowed' : 'refused');
        },
      ),
    );
  });
});
