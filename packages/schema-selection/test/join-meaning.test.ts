import { describe, expect, it } from 'vitest';
import { ColumnEqualities, pathMeaning, relationshipRegistry } from '../src/index.js';
import {
  CUSTOMERS_TENANTS,
  DESTINATION,
  ORDERS_CUSTOMERS,
  ORDERS_TENANTS,
  ORIGIN,
  SHOP,
} from './fixtures/shop-schema.js';

const registry = relationshipRegistry(SHOP, {
  declared: [
    {
      relationship: 'warehouses(tenant_id,warehouse_id)->shipments(tenant_id,origin_id)',
      approved: true,
    },
  ],
});
const r = (id: string) => registry.get(id);

describe('join meaning', () => {
  it('tells the origin warehouse from the destination warehouse', () => {
    const base = new ColumnEqualities();
    expect(pathMeaning(base, [r(ORIGIN)])).not.toBe(pathMeaning(base, [r(DESTINATION)]));
  });

  it('sees one join declared in both directions as one meaning', () => {
    const base = new ColumnEqualities();
    const reversed = r('warehouses(tenant_id,warehouse_id)->shipments(tenant_id,origin_id)');
    expect(pathMeaning(base, [reversed])).toBe(pathMeaning(base, [r(ORIGIN)]));
  });

  it('sees two routes to tenants as one meaning once orders and customers share a tenant', () => {
    const base = new ColumnEqualities();
    base.join(r(ORDERS_CUSTOMERS));
    expect(pathMeaning(base, [r(ORDERS_TENANTS)])).toBe(pathMeaning(base, [r(CUSTOMERS_TENANTS)]));
    // Without that join they are different tenants.
    const alone = new ColumnEqualities();
    expect(pathMeaning(alone, [r(ORDERS_TENANTS)])).not.toBe(
      pathMeaning(alone, [r(CUSTOMERS_TENANTS)]),
    );
  });

  it('does not change the base it starts from', () => {
    const base = new ColumnEqualities();
    const before = base.signature();
    pathMeaning(base, [r(ORIGIN)]);
    expect(base.signature()).toBe(before);
    expect(before).toBe('');
  });

  it('writes classes in a canonical order whatever the join order', () => {
    const a = new ColumnEqualities();
    a.join(r(ORDERS_TENANTS));
    a.join(r(CUSTOMERS_TENANTS));
    const b = new ColumnEqualities();
    b.join(r(CUSTOMERS_TENANTS));
    b.join(r(ORDERS_TENANTS));
    expect(a.signature()).toBe(b.signature());
    expect(a.signature()).toBe('customers.tenant_id=orders.tenant_id=tenants.tenant_id');
  });
});
