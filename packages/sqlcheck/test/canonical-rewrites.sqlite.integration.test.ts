// Soundness of the canonical rewrites on the real Chinook: every pair the rewrites make match
// returns the same rows (as a multiset) when SQLite runs both. Skips, with the reason
// printed, where Chinook is not found (a failure under CI).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizedMatch } from '../src/index.js';
import { type ChinookDatabase, noChinook, openChinook } from './fixtures/chinook-database.js';

let db: ChinookDatabase | undefined;

beforeAll(async () => {
  if (!noChinook) db = await openChinook();
});
afterAll(async () => {
  await db?.close();
});

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

describe.skipIf(noChinook)('canonical rewrites on Chinook', () => {
  it.each(PAIRS)('pairs that match canonically return the same rows: %s', async (a, b) => {
    expect((await normalizedMatch(a, b, 'sqlite')).match).toBe(true);
    const [left, right] = [await db?.rows(a), await db?.rows(b)];
    // a query SQLite refuses is a failure of the pair, never an equal "error" on both sides
    expect(left).toBeInstanceOf(Array);
    expect(right).toEqual(left);
  });
});
