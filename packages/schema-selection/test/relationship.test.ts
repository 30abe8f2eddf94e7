import { describe, expect, it } from 'vitest';
import {
  keyColumns,
  keyPairs,
  parseRelationship,
  type Relationship,
  relationshipLabel,
  SchemaSelectionError,
} from '../src/index.js';

describe('relationshipLabel and parseRelationship', () => {
  it('writes and reads composite keys', () => {
    const from = { table: 'order_lines', columns: ['tenant_id', 'order_id'] };
    const to = { table: 'orders', columns: ['tenant_id', 'order_id'] };
    const label = relationshipLabel(from, to);
    expect(label).toBe('order_lines(tenant_id,order_id)->orders(tenant_id,order_id)');
    expect(parseRelationship(label)).toEqual({ from, to });
  });

  it('accepts spaces around names', () => {
    expect(parseRelationship(' Track ( AlbumId ) -> Album(AlbumId) ')).toEqual({
      from: { table: 'Track', columns: ['AlbumId'] },
      to: { table: 'Album', columns: ['AlbumId'] },
    });
  });

  it.each([
    ['orders(tenant_id)', 'exactly one "->"'],
    ['a(x)->b(y)->c(z)', 'exactly one "->"'],
    ['a(x,y)->b(z)', 'pairs 2 column(s) with 1'],
    ['a(x,)->b(y,z)', 'is not written as'],
    ['a->b(y)', 'is not written as'],
    ['a()->b()', 'is not written as'],
  ])('%j is refused (%s)', (label, message) => {
    let thrown: unknown;
    try {
      parseRelationship(label, 'evals.yaml relationships[3]');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(SchemaSelectionError);
    expect((thrown as SchemaSelectionError).code).toBe('malformed_relationship');
    expect((thrown as SchemaSelectionError).where).toBe('evals.yaml relationships[3]');
    expect((thrown as Error).message).toContain(message);
  });
});

describe('keyPairs and keyColumns', () => {
  const relationship: Relationship = {
    id: 'shipments(tenant_id,origin_id)->warehouses(tenant_id,warehouse_id)',
    from: { table: 'shipments', columns: ['tenant_id', 'origin_id'] },
    to: { table: 'warehouses', columns: ['tenant_id', 'warehouse_id'] },
    approved: true,
    foreignKey: true,
    declared: false,
  };

  it('pairs the key columns in key order', () => {
    expect(keyPairs(relationship)).toEqual([
      ['shipments.tenant_id', 'warehouses.tenant_id'],
      ['shipments.origin_id', 'warehouses.warehouse_id'],
    ]);
    expect(keyColumns(relationship)).toEqual([
      'shipments.tenant_id',
      'warehouses.tenant_id',
      'shipments.origin_id',
      'warehouses.warehouse_id',
    ]);
  });
});
