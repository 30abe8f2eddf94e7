import { describe, expect, it } from 'vitest';
import {
  coverage,
  relationshipRegistry,
  resolveRequirements,
  SchemaSelectionError,
} from '../src/index.js';
import { LINES_ORDERS, SHOP } from './fixtures/shop-schema.js';

const registry = relationshipRegistry(SHOP);
const needed = resolveRequirements(
  {
    strategy: 'lines-per-order',
    columns: ['order_lines.qty', 'orders.created_at'],
    relationships: [LINES_ORDERS],
  },
  registry,
);

describe('resolveRequirements', () => {
  it('adds the tables and key columns the required relationships imply', () => {
    expect(needed).toEqual({
      strategy: 'lines-per-order',
      tables: ['order_lines', 'orders'],
      columns: [
        'order_lines.order_id',
        'order_lines.qty',
        'order_lines.tenant_id',
        'orders.created_at',
        'orders.order_id',
        'orders.tenant_id',
      ],
      relationships: [LINES_ORDERS],
    });
  });

  it('refuses unknown names and empty requirements with the case it came from', () => {
    expect(() => resolveRequirements({ columns: ['orders.total'] }, registry, 'case q3')).toThrow(
      new SchemaSelectionError(
        'unknown_column',
        'case q3 columns',
        'table orders has no column "total"',
      ),
    );
    expect(() => resolveRequirements({ columns: [] }, registry, 'case q4')).toThrow(
      SchemaSelectionError,
    );
  });
});

describe('coverage', () => {
  it('measures each kind, all elements pooled, and what was sent for nothing', () => {
    const c = coverage(
      {
        tables: ['order_lines', 'orders', 'products'],
        columns: ['order_lines.qty', 'orders.created_at', 'products.name'],
        relationships: [],
      },
      needed,
    );
    expect(c).toEqual({
      strategy: 'lines-per-order',
      tablesRecall: 1,
      missingTables: [],
      columnsRecall: 2 / 6,
      missingColumns: [
        'order_lines.order_id',
        'order_lines.tenant_id',
        'orders.order_id',
        'orders.tenant_id',
      ],
      relationshipsRecall: 0,
      missingRelationships: [LINES_ORDERS],
      // 2 tables + 2 columns found of 2 + 6 + 1.
      elementRecall: 4 / 9,
      complete: false,
      extraColumns: ['products.name'],
    });
  });

  it('is complete exactly when every element is there', () => {
    const all = {
      tables: needed.tables,
      columns: needed.columns,
      relationships: needed.relationships,
    };
    expect(coverage(all, needed)).toMatchObject({ elementRecall: 1, complete: true });
    const noJoin = { ...all, relationships: [] };
    expect(coverage(noJoin, needed)).toMatchObject({ columnsRecall: 1, complete: false });
  });

  it('counts a kind with nothing required as fully recalled', () => {
    const stock = resolveRequirements({ columns: ['products.name'] }, registry);
    const c = coverage(
      { tables: ['products'], columns: ['products.name'], relationships: [] },
      stock,
    );
    expect(c.relationshipsRecall).toBe(1);
    expect(c.complete).toBe(true);
    expect(c).not.toHaveProperty('strategy');
  });
});
