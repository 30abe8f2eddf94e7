import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { filterValueAccuracy } from '../src/index.js';
import { BENIGN_CHINOOK } from './fixtures/chinook-corpus.js';

describe('filterValueAccuracy (004 D.11)', () => {
  it('takes the operands of comparisons, IN, BETWEEN and HAVING, not function arguments, LIMIT or the select list', async () => {
    const r = await filterValueAccuracy(
      "SELECT ROUND(SUM(i.Total), 2) FROM Invoice i WHERE strftime('%Y', i.InvoiceDate) = '2025' AND i.BillingCountry IN ('USA', 'Canada') AND i.Total BETWEEN 1 AND -2.50 GROUP BY i.CustomerId HAVING COUNT(*) > 3 LIMIT 10",
      "SELECT 1 FROM Invoice WHERE '2025' = strftime('%Y', InvoiceDate)",
      'sqlite',
    );
    const key = (v: { kind: string; value: string }) => `${v.kind}:${v.value}`;
    expect(r?.gold.map(key).sort()).toEqual([
      'number:-2.5',
      'number:1',
      'number:3',
      'string:2025',
      'string:Canada',
      'string:USA',
    ]);
    // '1' is in the prediction's select list: present anywhere counts
    expect(r).toMatchObject({ total: 6, present: 2, allPresent: false });
    expect(r?.accuracy).toBeCloseTo(2 / 6, 10);
    expect(r?.ids).toEqual({ total: 3, present: 1, accuracy: 1 / 3, allPresent: false });
    expect(r?.extra).toEqual([]);
  });

  it('counts a value the prediction moved into a CTE or a join as present; lists new values as extra', async () => {
    const r = await filterValueAccuracy(
      'SELECT c.companyName FROM ciqCompany c WHERE c.companyId = 24937 AND c.periodTypeId = 1',
      'WITH TargetCo AS (SELECT companyId FROM ciqCompany WHERE companyId = 24937) SELECT * FROM TargetCo t JOIN p ON p.periodTypeId = 1.0 AND p.dataItemId = 28',
      'postgres',
    );
    expect(r).toMatchObject({ total: 2, present: 2, accuracy: 1, allPresent: true });
    expect(r?.ids.allPresent).toBe(true);
    expect(r?.extra).toEqual([{ kind: 'number', value: '28' }]);
  });

  it('a gold without filter values has accuracy null and all present', async () => {
    const r = await filterValueAccuracy(
      'SELECT c.Country, COUNT(*) FROM Customer c GROUP BY c.Country',
      "SELECT Country FROM Customer WHERE Country = 'USA'",
      'sqlite',
    );
    expect(r).toMatchObject({ total: 0, accuracy: null, allPresent: true });
    expect(r?.extra).toEqual([{ kind: 'string', value: 'USA' }]);
  });

  it('undefined when either side is not one query', async () => {
    expect(await filterValueAccuracy('SELECT 1; SELECT 2', 'SELECT 1', 'sqlite')).toBeUndefined();
    expect(await filterValueAccuracy('SELECT 1', 'SELEC x', 'sqlite')).toBeUndefined();
  });

  it('a query against itself: every value present, nothing extra (Chinook corpus)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...BENIGN_CHINOOK), async (sql) => {
        const r = await filterValueAccuracy(sql, sql, 'sqlite');
        expect(r?.allPresent).toBe(true);
        expect(r?.missing).toEqual([]);
        expect(r?.extra).toEqual([]);
        expect(r?.accuracy === null || r?.accuracy === 1).toBe(true);
      }),
      { numRuns: BENIGN_CHINOOK.length, seed: 16 },
    );
  });
});
