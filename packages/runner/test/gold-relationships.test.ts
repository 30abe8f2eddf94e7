import { relationshipRegistry } from '@nl2sql/schema-selection';
import { describe, expect, it } from 'vitest';
import { goldRelationships } from '../src/gold-relationships.js';

const schema = {
  tables: [
    {
      name: 'Employee',
      columns: [{ name: 'EmployeeId' }, { name: 'ReportsTo' }],
      foreignKeys: [
        { columns: ['ReportsTo'], referencedTable: 'Employee', referencedColumns: ['EmployeeId'] },
      ],
    },
    {
      name: 'orders',
      columns: [{ name: 'tenant_id' }, { name: 'order_id' }, { name: 'placed' }],
    },
    {
      name: 'lines',
      columns: [{ name: 'tenant_id' }, { name: 'order_id' }, { name: 'qty' }],
      foreignKeys: [
        {
          columns: ['tenant_id', 'order_id'],
          referencedTable: 'orders',
          referencedColumns: ['tenant_id', 'order_id'],
        },
      ],
    },
  ],
};
const registry = relationshipRegistry(schema);
const col = (table: string, column: string) => ({ kind: 'column', table, column });

describe('goldRelationships', () => {
  it('reads a self-join through its aliases', () => {
    const plan = {
      from: { table: 'Employee', alias: 'e' },
      joins: [
        {
          table: 'Employee',
          alias: 'm',
          on: [{ left: col('m', 'EmployeeId'), right: col('e', 'reportsto') }],
        },
      ],
    };
    expect(goldRelationships(plan, registry)).toEqual([
      'Employee(ReportsTo)->Employee(EmployeeId)',
    ]);
  });

  it('needs every pair of a composite key, in either order', () => {
    const half = {
      from: { table: 'lines', alias: 'l' },
      joins: [
        {
          table: 'orders',
          alias: 'o',
          on: [{ left: col('o', 'order_id'), right: col('l', 'order_id') }],
        },
      ],
    };
    expect(goldRelationships(half, registry)).toEqual([]);
    const whole = {
      from: { table: 'orders' },
      joins: [
        {
          table: 'lines',
          on: [
            { left: col('lines', 'order_id'), right: col('orders', 'order_id') },
            { left: col('orders', 'tenant_id'), right: col('lines', 'tenant_id'), op: '=' },
          ],
        },
      ],
    };
    expect(goldRelationships(whole, registry)).toEqual([
      'lines(tenant_id,order_id)->orders(tenant_id,order_id)',
    ]);
  });

  it('requires no relationship for a join that is not a key equality, or a plan without joins', () => {
    const range = {
      from: { table: 'lines', alias: 'l' },
      joins: [
        {
          table: 'orders',
          alias: 'o',
          on: [
            { left: col('o', 'order_id'), right: col('l', 'order_id'), op: '<' },
            { left: col('o', 'tenant_id'), right: col('l', 'tenant_id') },
          ],
        },
      ],
    };
    expect(goldRelationships(range, registry)).toEqual([]);
    expect(goldRelationships({ from: { table: 'orders' } }, registry)).toEqual([]);
  });
});
