import { CHINOOK_POLICIES, CHINOOK_TABLES } from '@nl2sql/datasets';
import { GENERIC_REFUSAL } from '@nl2sql/engine';
import type { PlanModel } from '@nl2sql/plan';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { refusalMessage, validateLogical } from '../src/validator.js';

const schema = {
  tables: [
    { name: 'Employee', columns: [{ name: 'EmployeeId' }, { name: 'LastName' }] },
    { name: 'Customer', columns: [{ name: 'CustomerId' }, { name: 'SupportRepId' }] },
    { name: 'Album', columns: [{ name: 'AlbumId' }, { name: 'Title' }] },
  ],
};
const col = (table: string, column: string) => ({ kind: 'column' as const, table, column });
const employees: PlanModel = {
  select: [{ expr: col('e', 'LastName') }],
  from: { table: 'Employee', alias: 'e' },
};

describe('validateLogical', () => {
  it('accepts a valid plan in scope', () => {
    expect(validateLogical(employees, schema, { policy: CHINOOK_POLICIES, role: 'admin' })).toEqual(
      { kind: 'ok' },
    );
  });

  it('refuses an out-of-scope table, generically unless revealRefusedTable', () => {
    expect(validateLogical(employees, schema, { policy: CHINOOK_POLICIES, role: 'sales' })).toEqual(
      {
        kind: 'refused',
        tables: ['Employee'],
        message: GENERIC_REFUSAL,
      },
    );
    const shown = validateLogical(employees, schema, {
      policy: CHINOOK_POLICIES,
      role: 'sales',
      revealRefusedTable: true,
    });
    expect(shown).toMatchObject({ message: 'Role "sales" may not read table Employee.' });
  });

  it("refuses with the project's refusal message when one is set, still naming no table", () => {
    const refusal = "I can't answer that with your access.";
    expect(
      validateLogical(employees, schema, {
        policy: CHINOOK_POLICIES,
        role: 'sales',
        refusalMessage: refusal,
      }),
    ).toEqual({ kind: 'refused', tables: ['Employee'], message: refusal });
    expect(refusalMessage('sales', ['Employee'], false, refusal)).toBe(refusal);
    expect(refusalMessage('sales', ['Employee'], true, refusal)).toBe(
      'Role "sales" may not read table Employee.',
    );
  });

  it('counts a joined table as read', () => {
    const plan: PlanModel = {
      select: [{ expr: col('c', 'CustomerId') }],
      from: { table: 'Customer', alias: 'c' },
      joins: [
        {
          kind: 'inner',
          table: 'Employee',
          alias: 'e',
          on: [{ left: col('c', 'SupportRepId'), right: col('e', 'EmployeeId') }],
        },
      ],
    };
    expect(
      validateLogical(plan, schema, { policy: CHINOOK_POLICIES, role: 'sales' }),
    ).toMatchObject({ kind: 'refused' });
  });

  it('reports an unknown table as a plan error, not a refusal', () => {
    const plan: PlanModel = {
      select: [{ expr: col('x', 'Salary') }],
      from: { table: 'Salaries', alias: 'x' },
    };
    const v = validateLogical(plan, schema, { policy: CHINOOK_POLICIES, role: 'catalog' });
    expect(v.kind).toBe('invalid');
  });

  it('never names a table in the generic refusal', () => {
    fc.assert(
      fc.property(
        fc.subarray([...CHINOOK_TABLES], { minLength: 1 }),
        fc.string(),
        (tables, role) => {
          const message = refusalMessage(role, tables, false);
          expect(message).toBe(GENERIC_REFUSAL);
          for (const t of CHINOOK_TABLES) expect(message).not.toContain(t);
        },
      ),
    );
  });

  it("refuses a plan reading a column outside the role's column list, naming no column", () => {
    const policy = {
      roles: { support: { tables: ['Employee'], columns: { employee: ['EmployeeId'] } } },
    };
    const refused = validateLogical(employees, schema, { policy, role: 'support' });
    expect(refused).toEqual({ kind: 'refused', tables: [], message: GENERIC_REFUSAL });
    const allowed: PlanModel = {
      select: [{ expr: col('e', 'EmployeeId') }],
      from: { table: 'Employee', alias: 'e' },
    };
    expect(validateLogical(allowed, schema, { policy, role: 'support' })).toEqual({ kind: 'ok' });
    // Filtering on the denied column refuses too.
    const filtered: PlanModel = {
      ...allowed,
      where: {
        kind: 'compare',
        op: '=',
        left: col('e', 'LastName'),
        right: { kind: 'literal', value: 'x' },
      },
    } as PlanModel;
    expect(validateLogical(filtered, schema, { policy, role: 'support' }).kind).toBe('refused');
  });
});
