import { describe, expect, it } from 'vitest';
import { relationshipRegistry, SchemaSelectionError } from '../src/index.js';
import { DESTINATION, LINES_ORDERS, MANAGER, ORIGIN, SHOP } from './fixtures/shop-schema.js';

function thrown(f: () => unknown): SchemaSelectionError {
  try {
    f();
  } catch (error) {
    if (error instanceof SchemaSelectionError) return error;
    throw error;
  }
  throw new Error('expected a SchemaSelectionError');
}

describe('relationshipRegistry', () => {
  it('holds every foreign key, composite ones whole, approved by default and sorted', () => {
    const registry = relationshipRegistry(SHOP);
    expect(registry.all).toHaveLength(8);
    expect(registry.all.map((r) => r.id)).toEqual([...registry.all.map((r) => r.id)].sort());
    const lines = registry.get(LINES_ORDERS);
    expect(lines).toEqual({
      id: LINES_ORDERS,
      from: { table: 'order_lines', columns: ['tenant_id', 'order_id'] },
      to: { table: 'orders', columns: ['tenant_id', 'order_id'] },
      approved: true,
      foreignKey: true,
      declared: false,
    });
    expect(registry.get(MANAGER).from.table).toBe('employees');
    expect(registry.approved).toHaveLength(8);
  });

  it('can leave foreign keys unapproved until declared', () => {
    const registry = relationshipRegistry(SHOP, {
      approveForeignKeys: false,
      declared: [{ relationship: ORIGIN, approved: true, note: 'where a shipment leaves from' }],
    });
    expect(registry.approved.map((r) => r.id)).toEqual([ORIGIN]);
    expect(registry.get(ORIGIN)).toMatchObject({
      foreignKey: true,
      declared: true,
      note: 'where a shipment leaves from',
    });
  });

  it('lets a declaration withdraw a foreign key and add a join the database does not enforce', () => {
    const registry = relationshipRegistry(SHOP, {
      declared: [
        { relationship: DESTINATION, approved: false },
        {
          relationship: {
            from: { table: 'INVOICES', columns: ['Customer_Id'] },
            to: { table: 'customers', columns: ['customer_id'] },
          },
          approved: true,
        },
      ],
    });
    expect(registry.get(DESTINATION).approved).toBe(false);
    const invoices = registry.get('invoices(customer_id)->customers(customer_id)');
    expect(invoices).toMatchObject({ approved: true, foreignKey: false, declared: true });
  });

  it('resolves labels case-insensitively to the schema spelling', () => {
    const registry = relationshipRegistry(SHOP);
    expect(registry.get('ORDER_LINES(Tenant_Id, Order_Id) -> Orders(tenant_id,order_id)').id).toBe(
      LINES_ORDERS,
    );
  });

  it.each([
    [
      'an unknown table',
      { relationship: 'refunds(order_id)->orders(order_id)', approved: true },
      'unknown_table',
      'no table "refunds"',
    ],
    [
      'an unknown column',
      { relationship: 'orders(order_no)->customers(customer_id)', approved: true },
      'unknown_column',
      'table orders has no column "order_no"',
    ],
    [
      'keys of different lengths',
      {
        relationship: {
          from: { table: 'orders', columns: ['tenant_id', 'customer_id'] },
          to: { table: 'customers', columns: ['customer_id'] },
        },
        approved: true,
      },
      'malformed_relationship',
      '2 column(s) paired with 1',
    ],
    [
      'a missing approval',
      { relationship: 'invoices(customer_id)->customers(customer_id)' } as never,
      'malformed_relationship',
      'approved must be true or false',
    ],
  ])('refuses a declaration with %s, naming it', (_what, declaration, code, message) => {
    const error = thrown(() =>
      relationshipRegistry(SHOP, {
        declared: [{ relationship: ORIGIN, approved: true }, declaration],
      }),
    );
    expect(error.code).toBe(code);
    expect(error.where).toBe('declared relationship 2');
    expect(error.message).toContain(message);
  });

  it('refuses the same declaration twice', () => {
    const error = thrown(() =>
      relationshipRegistry(SHOP, {
        declared: [
          { relationship: ORIGIN, approved: true },
          { relationship: ORIGIN.toUpperCase(), approved: false },
        ],
      }),
    );
    expect(error.code).toBe('duplicate_relationship');
  });

  it('sets dangling foreign keys aside, with the reason, instead of failing the schema', () => {
    const registry = relationshipRegistry({
      tables: [
        {
          name: 'orders',
          columns: [{ name: 'customer_id' }],
          foreignKeys: [
            { columns: ['customer_id'], referencedTable: 'clients', referencedColumns: ['id'] },
          ],
        },
      ],
    });
    expect(registry.all).toEqual([]);
    expect(registry.unresolved).toEqual([
      {
        table: 'orders',
        referencedTable: 'clients',
        reason: 'foreign key 1 of table orders: no table "clients"',
      },
    ]);
  });

  it('says which relationship it does not hold', () => {
    const error = thrown(() =>
      relationshipRegistry(SHOP).get('invoices(customer_id)->customers(customer_id)', 'case q7'),
    );
    expect(error.code).toBe('unknown_relationship');
    expect(error.message).toBe(
      'case q7: invoices(customer_id)->customers(customer_id) is neither a foreign key nor a declared relationship',
    );
  });
});
