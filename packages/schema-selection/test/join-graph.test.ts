import { describe, expect, it } from 'vitest';
import { JoinGraph, relationshipRegistry } from '../src/index.js';
import { DESTINATION, ORIGIN, SHOP } from './fixtures/shop-schema.js';

const registry = relationshipRegistry(SHOP);
const graph = new JoinGraph(registry.all, () => true);
const ids = (paths: { relationship: { id: string } }[][]) =>
  paths.map((p) => p.map((s) => s.relationship.id));

describe('JoinGraph', () => {
  it('walks relationships both ways and leaves self-references out', () => {
    expect(graph.neighbours('warehouses').map((n) => [n.table, n.relationship.id])).toEqual([
      ['shipments', DESTINATION],
      ['shipments', ORIGIN],
    ]);
    expect(graph.neighbours('employees')).toEqual([]);
  });

  it('finds distances from a set of tables at once', () => {
    const search = graph.search(['customers']);
    expect(search.distance(['customers'])).toBe(0);
    expect(search.distance(['orders'])).toBe(1);
    expect(search.distance(['products'])).toBe(3);
    expect(search.distance(['products', 'order_lines'])).toBe(2);
    expect(search.distance(['warehouses'])).toBeUndefined();
    expect(graph.search(['customers', 'order_lines']).distance(['products'])).toBe(1);
  });

  it('lists every shortest path, parallel relationships included, and counts them', () => {
    const search = graph.search(['shipments']);
    expect(ids(search.paths(['warehouses'], 10))).toEqual([[DESTINATION], [ORIGIN]]);
    expect(search.count(['warehouses'])).toBe(2);
    // customers -> tenants directly; orders -> tenants and orders -> customers -> tenants are longer.
    const fromCustomers = graph.search(['customers']);
    expect(fromCustomers.count(['tenants'])).toBe(1);
    // From orders: tenants directly (1); order_lines -> products needs two joins.
    const fromOrders = graph.search(['orders']);
    expect(ids(fromOrders.paths(['products'], 10))).toEqual([
      [
        'order_lines(tenant_id,order_id)->orders(tenant_id,order_id)',
        'order_lines(tenant_id,product_id)->products(tenant_id,product_id)',
      ],
    ]);
  });

  it('counts paths that branch and merge, and lists no more than asked', () => {
    // customers -> orders is 1 join; customers -> tenants <- orders is 2, so one shortest path.
    // From tenants, orders is reached directly and customers directly: two ways to {orders, customers}.
    const search = graph.search(['tenants']);
    expect(search.count(['orders', 'customers'])).toBe(2);
    expect(search.paths(['orders', 'customers'], 1)).toHaveLength(1);
  });

  it('keeps only the relationships it is told to', () => {
    const approvedOnly = new JoinGraph(registry.all, (r) => r.id !== ORIGIN);
    expect(approvedOnly.search(['shipments']).count(['warehouses'])).toBe(1);
  });
});
