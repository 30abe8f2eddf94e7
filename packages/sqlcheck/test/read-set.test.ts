import { describe, expect, it } from 'vitest';
import { readSet } from '../src/index.js';
import { CHINOOK } from './fixtures/chinook-schema.js';

describe('readSet: spec 001 §8 schema_elements examples (verbatim)', () => {
  it('SELECT * FROM orders o JOIN customers c USING (customer_id) reads orders and customers', async () => {
    const r = await readSet(
      'SELECT * FROM orders o JOIN customers c USING (customer_id)',
      undefined,
      {
        dialect: 'postgres',
      },
    );
    expect(r?.tables).toEqual(['customers', 'orders']);
    expect(r?.columns).toEqual(['customers.customer_id', 'orders.customer_id']);
  });
  it('WITH orders AS (SELECT * FROM orders) SELECT * FROM orders reads the real orders once', async () => {
    const r = await readSet(
      'WITH orders AS (SELECT * FROM orders) SELECT * FROM orders',
      undefined,
      {
        dialect: 'postgres',
      },
    );
    expect(r?.tables).toEqual(['orders']);
  });
});

describe('readSet on Chinook', () => {
  it('collects select, join keys, filters, grouping and ordering columns as Table.Column', async () => {
    const r = await readSet(
      `SELECT g.Name, COUNT(*) AS n FROM Track t JOIN Genre g ON g.GenreId = t.GenreId
       WHERE t.UnitPrice > 0.5 GROUP BY g.Name HAVING COUNT(*) > 3 ORDER BY t.Milliseconds`,
      CHINOOK,
    );
    expect(r).toEqual({
      tables: ['Genre', 'Track'],
      columns: [
        'Genre.GenreId',
        'Genre.Name',
        'Track.GenreId',
        'Track.Milliseconds',
        'Track.UnitPrice',
      ],
      unattributed: [],
    });
  });
  it('uses catalog spelling, follows CTEs and subqueries, and skips aliases', async () => {
    const r = await readSet(
      `with m as (select customerid, sum(total) as t from invoice group by customerid)
       select c.email, m.t from m join customer c on c.customerid = m.customerid
       where c.country in (select billingcountry from invoice) order by t`,
      CHINOOK,
    );
    expect(r?.tables).toEqual(['Customer', 'Invoice']);
    expect(r?.columns).toEqual([
      'Customer.Country',
      'Customer.CustomerId',
      'Customer.Email',
      'Invoice.BillingCountry',
      'Invoice.CustomerId',
      'Invoice.Total',
    ]);
  });
  it('attributes unqualified columns only when it can, and reports the rest', async () => {
    const withSchema = await readSet(
      'SELECT Name, Title FROM Track t JOIN Album a ON a.AlbumId = t.AlbumId',
      CHINOOK,
    );
    expect(withSchema?.columns).toEqual([
      'Album.AlbumId',
      'Album.Title',
      'Track.AlbumId',
      'Track.Name',
    ]);
    const noSchema = await readSet(
      'SELECT Name, Title FROM Track t JOIN Album a ON a.AlbumId = t.AlbumId',
    );
    expect(noSchema?.unattributed).toEqual(['Name', 'Title']);
    const single = await readSet('SELECT Name FROM Genre WHERE GenreId = 1');
    expect(single?.columns).toEqual(['Genre.GenreId', 'Genre.Name']);
  });
  it('expands SELECT * through the schema', async () => {
    expect((await readSet('SELECT * FROM MediaType', CHINOOK))?.columns).toEqual([
      'MediaType.MediaTypeId',
      'MediaType.Name',
    ]);
  });
  it('returns undefined when the SQL is not one query', async () => {
    expect(await readSet('SELECT 1; SELECT 2')).toBeUndefined();
    expect(await readSet('SELEC x')).toBeUndefined();
  });
});
