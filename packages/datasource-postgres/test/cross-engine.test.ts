import { describe, expect, it } from 'vitest';
import { postgresGoldSql } from './cross-engine.js';

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
