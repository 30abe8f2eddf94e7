import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rankDatasources } from '../src/datasource-ranking.js';
import { schemaEntries } from '../src/schema-index.js';

const table = (name: string, ...columns: string[]) => ({
  name,
  columns: columns.map((c) => ({ name: c, type: 'TEXT' })),
});
const shop = {
  id: 'shop',
  entries: schemaEntries({
    tables: [table('customers', 'id', 'name', 'city'), table('orders', 'id', 'total')],
  }),
};
const support = {
  id: 'support',
  entries: schemaEntries({ tables: [table('tickets', 'id', 'customer_name', 'status')] }),
};

describe('rankDatasources', () => {
  it('puts first the datasource whose schema holds more of the question', () => {
    expect(rankDatasources('How many tickets are open?', [shop, support])).toEqual([
      'support',
      'shop',
    ]);
    expect(rankDatasources('What do all orders come to?', [support, shop])).toEqual([
      'shop',
      'support',
    ]);
    // "customer" is in both (tickets.customer_name); the city tips it to shop.
    expect(rankDatasources('Which customers live in which city?', [support, shop])).toEqual([
      'shop',
      'support',
    ]);
  });

  it('keeps the registration order on a tie, and returns every id once', () => {
    expect(rankDatasources('What is the weather?', [support, shop])).toEqual(['support', 'shop']);
    fc.assert(
      fc.property(fc.string(), fc.boolean(), (question, flip) => {
        const order = flip ? [shop, support] : [support, shop];
        const ranked = rankDatasources(question, order);
        expect([...ranked].sort()).toEqual(['shop', 'support']);
      }),
    );
  });
});
