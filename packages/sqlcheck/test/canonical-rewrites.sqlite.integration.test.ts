// Soundness of the canonical rewrites on the real Chinook: every pair the rewrites make match
// returns the same rows (as a multiset) when SQLite runs both.
import { locateChinook } from '@nl2sql/datasets';
import sqlite3 from 'sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizedMatch } from '../src/index.js';

let db: sqlite3.Database;

beforeAll(async () => {
  const file = await locateChinook({ download: false });
  db = await new Promise((resolve, reject) => {
    const d = new sqlite3.Database(file, sqlite3.OPEN_READONLY, (e) =>
      e ? reject(e) : resolve(d),
    );
  });
});
afterAll(() => new Promise<void>((resolve) => db.close(() => resolve())));

const rows = (sql: string) =>
  new Promise<string[]>((resolve, reject) =>
    db.all(sql, (e, r: Record<string, unknown>[]) =>
      e ? reject(e) : resolve(r.map((x) => JSON.stringify(Object.values(x))).sort()),
    ),
  );

const PAIRS: Array<[string, string]> = [
  [
    'WITH spend AS (SELECT CustomerId, SUM(Total) AS total FROM Invoice GROUP BY CustomerId) SELECT c.LastName, s.total FROM spend s JOIN Customer c ON c.CustomerId = s.CustomerId WHERE s.total > 45',
    'SELECT c.LastName, x.total FROM Customer c JOIN (SELECT CustomerId, SUM(Total) AS total FROM Invoice GROUP BY CustomerId) x ON x.CustomerId = c.CustomerId WHERE 45 < x.total',
  ],
  [
    'SELECT COUNT(1) FROM Track WHERE Milliseconds BETWEEN 180000 AND 240000',
    'SELECT COUNT(*) FROM Track WHERE Milliseconds >= 180000 AND Milliseconds <= 240000',
  ],
  [
    "SELECT date(InvoiceDate) AS d, COUNT(*) FROM Invoice WHERE InvoiceDate BETWEEN '2025-12-01' AND '2025-12-31 23:59:59' GROUP BY d",
    "SELECT strftime('%Y-%m-%d', InvoiceDate) AS d, COUNT(*) FROM Invoice WHERE InvoiceDate >= '2025-12-01' AND InvoiceDate <= '2025-12-31 23:59:59' GROUP BY 1",
  ],
  [
    'WITH a AS (SELECT EmployeeId, ReportsTo FROM Employee) SELECT x.EmployeeId, y.EmployeeId FROM a x JOIN a y ON y.EmployeeId = x.ReportsTo',
    'SELECT p.EmployeeId, q.EmployeeId FROM (SELECT EmployeeId, ReportsTo FROM Employee) p JOIN (SELECT EmployeeId, ReportsTo FROM Employee) q ON q.EmployeeId = p.ReportsTo',
  ],
  [
    "SELECT time(InvoiceDate), datetime(InvoiceDate, 'start of month') FROM Invoice WHERE InvoiceId < 20",
    "SELECT strftime('%H:%M:%S', InvoiceDate), strftime('%Y-%m-%d %H:%M:%S', InvoiceDate, 'start of month') FROM Invoice WHERE InvoiceId < 20",
  ],
];

describe('canonical rewrites on Chinook', () => {
  it.each(PAIRS)('pairs that match canonically return the same rows: %s', async (a, b) => {
    expect((await normalizedMatch(a, b, 'sqlite')).match).toBe(true);
    expect(await rows(b)).toEqual(await rows(a));
  });
});
