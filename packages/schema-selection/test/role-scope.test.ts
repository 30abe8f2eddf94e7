import { describe, expect, it } from 'vitest';
import { SchemaSelectionError, scopeSchema } from '../src/index.js';
import { SHOP } from './fixtures/shop-schema.js';

const columnsOf = (schema: { tables: { name: string; columns: { name: string }[] }[] }) =>
  schema.tables.flatMap((t) => t.columns.map((c) => `${t.name}.${c.name}`));

describe('scopeSchema', () => {
  it('without a scope reads everything', () => {
    const scope = scopeSchema(SHOP);
    expect(scope.schema.tables.map((t) => t.name)).toEqual(SHOP.tables.map((t) => t.name));
    expect(scope.deniedTables).toEqual([]);
    expect(scope.deniedColumns).toEqual([]);
    expect(scope.readsColumn('employees.salary')).toBe(true);
  });

  it('removes the tables a role may not read, and the foreign keys into them', () => {
    const scope = scopeSchema(SHOP, { tables: ['orders', 'customers', 'order_lines'] });
    expect(scope.schema.tables.map((t) => t.name)).toEqual(['customers', 'orders', 'order_lines']);
    expect(scope.deniedTables).toEqual([
      'employees',
      'invoices',
      'products',
      'shipments',
      'tenants',
      'warehouses',
    ]);
    const lines = scope.schema.tables.find((t) => t.name === 'order_lines');
    expect(lines?.foreignKeys.map((fk) => fk.referencedTable)).toEqual(['orders']);
    expect(scope.readsTable('products')).toBe(false);
    expect(scope.readsColumn('products.name')).toBe(false);
  });

  it('removes denied columns and every foreign key that needs one, keeping other fields', () => {
    const scope = scopeSchema(SHOP, {
      deniedColumns: ['order_lines.tenant_id', 'Employees.Salary'],
    });
    const lines = scope.schema.tables.find((t) => t.name === 'order_lines');
    expect(lines?.columns).toEqual([
      { name: 'order_id', type: 'TEXT' },
      { name: 'product_id', type: 'TEXT' },
      { name: 'qty', type: 'TEXT' },
    ]);
    expect(lines?.foreignKeys).toEqual([]);
    expect(scope.deniedColumns).toEqual(['employees.salary', 'order_lines.tenant_id']);
    expect(columnsOf(scope.schema)).not.toContain('employees.salary');
  });

  it('reads only the listed columns of a table with a column list', () => {
    const scope = scopeSchema(SHOP, {
      tables: ['customers', 'orders'],
      columns: { customers: ['tenant_id', 'customer_id'] },
    });
    expect(columnsOf(scope.schema).filter((c) => c.startsWith('customers.'))).toEqual([
      'customers.tenant_id',
      'customers.customer_id',
    ]);
    expect(scope.readsColumn('customers.name')).toBe(false);
    expect(scope.readsColumn('orders.created_at')).toBe(true);
  });

  it('filters the primary key too, so a denied key column is not shown as one', () => {
    const scope = scopeSchema(
      { tables: [{ name: 't', columns: [{ name: 'a' }, { name: 'b' }], primaryKey: ['a', 'b'] }] },
      { deniedColumns: ['t.a'] },
    );
    expect(scope.schema.tables[0]?.primaryKey).toEqual(['b']);
  });

  it.each([
    [{ tables: ['orders', 'refunds'] }, 'unknown_table', 'role scope tables: no table "refunds"'],
    [
      { deniedColumns: ['orders.total'] },
      'unknown_column',
      'role scope deniedColumns: table orders has no column "total"',
    ],
    [
      { deniedColumns: ['salary'] },
      'unknown_column',
      'role scope deniedColumns: column "salary" is not written as Table.Column',
    ],
    [
      { columns: { customers: ['email'] } },
      'unknown_column',
      'role scope columns of customers: table customers has no column "email"',
    ],
  ])('refuses a misspelt scope %j rather than guess', (scope, code, message) => {
    let error: unknown;
    try {
      scopeSchema(SHOP, scope);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SchemaSelectionError);
    expect((error as SchemaSelectionError).code).toBe(code);
    expect((error as Error).message).toBe(message);
  });

  it('resolves names case-insensitively to the schema spelling', () => {
    const scope = scopeSchema(SHOP, { tables: ['ORDERS', 'Customers'] });
    expect(scope.readsTable('orders')).toBe(true);
    expect(scope.readsTable('ORDERS')).toBe(false);
  });
});
