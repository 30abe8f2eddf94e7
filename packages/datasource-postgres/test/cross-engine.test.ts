import type { QueryResult } from '@nl2sql/datasource';
import { describe, expect, it } from 'vitest';
import { explainDifference, postgresGoldSql } from './cross-engine.js';

const result = (rows: QueryResult['rows']): QueryResult => ({
  columns: rows[0]?.map((_, i) => `c${i}`) ?? [],
  rows,
  truncated: false,
  elapsedMs: 0,
});

describe('explainDifference', () => {
  it('calls identical rows the same, and reordered rows the same when order does not matter', () => {
    expect(explainDifference(result([[1, 'a']]), result([[1, 'a']]), true)).toBe('same');
    expect(explainDifference(result([[1], [2]]), result([[2], [1]]), false)).toBe('same');
  });

  it('names NULL ordering and text collation for reordered rows when order matters', () => {
    expect(explainDifference(result([[null], ['a']]), result([['a'], [null]]), true)).toBe(
      'row order: NULLs sort first in SQLite, last in PostgreSQL',
    );
    expect(explainDifference(result([['a'], ['B']]), result([['B'], ['a']]), true)).toBe(
      'row order: text collation',
    );
  });

  it('names float formatting, integer division and value types', () => {
    expect(explainDifference(result([[2328.6000000000004]]), result([[2328.6]]), true)).toBe(
      'numbers within 0.005: REAL arithmetic in SQLite, NUMERIC in PostgreSQL',
    );
    expect(explainDifference(result([[5, 'x']]), result([[5.73, 'x']]), true)).toBe(
      'integer division: SQLite truncated where PostgreSQL kept the fraction',
    );
    expect(explainDifference(result([['2021']]), result([[2021]]), true)).toBe(
      'value types: a number on one engine is text on the other',
    );
  });

  it('calls anything else different rows', () => {
    expect(explainDifference(result([[1]]), result([[1], [2]]), false)).toBe('different rows');
    expect(explainDifference(result([[1]]), result([[3]]), false)).toBe('different rows');
    expect(explainDifference(result([[5, 1.0001]]), result([[5.5, 1]]), true)).toBe(
      'different rows',
    );
  });
});

describe('postgresGoldSql', () => {
  it('transpiles SQLite functions and quotes Chinook names with their exact case', () => {
    expect(
      postgresGoldSql(
        "SELECT strftime('%Y', i.InvoiceDate) AS y, count(*) AS invoices FROM invoice i GROUP BY y ORDER BY y",
      ),
    ).toBe(
      `SELECT TO_CHAR(i."InvoiceDate", 'YYYY') AS y, COUNT(*) AS invoices FROM "Invoice" AS i GROUP BY y ORDER BY y NULLS FIRST`,
    );
  });
});
