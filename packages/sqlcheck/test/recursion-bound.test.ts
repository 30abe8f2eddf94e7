import { describe, expect, it } from 'vitest';
import type { SqlDialect } from '../src/index.js';
import { checkSafety } from '../src/index.js';

const rules = async (sql: string, dialect: SqlDialect = 'sqlite') =>
  (await checkSafety(sql, { dialect })).violations.map((v) => v.rule);

const BOTH = ['sqlite', 'postgres'] as const;

describe('L3 refuses recursive CTEs with no bounding condition (issue 11 item 6)', () => {
  it('the issue example: n + 1 with nothing to stop it, in both dialects', async () => {
    for (const d of BOTH) {
      expect(
        await rules(
          'WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c) SELECT COUNT(*) FROM c LIMIT 1',
          d,
        ),
      ).toContain('unbounded-recursion');
    }
  });

  it('SQLite needs no RECURSIVE keyword; PostgreSQL without it reads a table named c', async () => {
    const sql =
      'WITH c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c) SELECT COUNT(*) FROM c LIMIT 1';
    expect(await rules(sql, 'sqlite')).toContain('unbounded-recursion');
    expect(await rules(sql, 'postgres')).not.toContain('unbounded-recursion');
  });

  const cases: [string, string, boolean][] = [
    ['guard: n < 10 on a column that goes up', 'SELECT n + 1 FROM c WHERE n < 10', true],
    ['guard: 10 > n written the other way round', 'SELECT n + 1 FROM c WHERE 10 > n', true],
    ['guard: BETWEEN constants', 'SELECT n + 1 FROM c WHERE n BETWEEN 1 AND 50', true],
    ['guard: in an AND with other terms', 'SELECT n + 1 FROM c WHERE n % 2 = 0 AND n <= 99', true],
    ['guard: a lower bound on a column that goes down', 'SELECT n - 1 FROM c WHERE n > 0', true],
    ['guard: a bound on a column moved by a function', 'SELECT n * 2 FROM c WHERE n < 1000', true],
    ['no guard: n > 0 while n only grows', 'SELECT n + 1 FROM c WHERE n > 0', false],
    ['no guard: n < 10 while n only shrinks', 'SELECT n - 1 FROM c WHERE n < 10', false],
    ['no guard: the bounded column never changes', 'SELECT n FROM c WHERE n < 10', false],
    [
      'no guard: compared with a column, not a constant',
      'SELECT n + 1 FROM c WHERE n < n + 1',
      false,
    ],
    ['no guard: the bound sits under OR', 'SELECT n + 1 FROM c WHERE n < 10 OR n > 0', false],
    ['no guard: random() is not a constant', 'SELECT n + 1 FROM c WHERE n < random()', false],
  ];
  for (const [what, member, bounded] of cases) {
    it(`${bounded ? 'accepts' : 'refuses'} ${what}`, async () => {
      for (const d of BOTH) {
        const sql = `WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL ${member}) SELECT COUNT(*) FROM c LIMIT 1`;
        const r = await rules(sql, d);
        if (bounded) expect(r).not.toContain('unbounded-recursion');
        else expect(r).toContain('unbounded-recursion');
      }
    });
  }

  it('accepts a LIMIT on the CTE (SQLite stops there; PostgreSQL rejects it and runs nothing)', async () => {
    expect(
      await rules(
        'WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c LIMIT 100) SELECT COUNT(*) FROM c LIMIT 1',
      ),
    ).not.toContain('unbounded-recursion');
  });

  it('accepts a date series bounded by a constant date', async () => {
    expect(
      await rules(
        "WITH RECURSIVE d(x) AS (SELECT '2013-01-01' UNION ALL SELECT date(x, '+1 day') FROM d WHERE x < '2013-12-31') SELECT COUNT(*) FROM d LIMIT 1",
      ),
    ).not.toContain('unbounded-recursion');
  });

  it('accepts UNION over plain columns (a fixpoint), not UNION ALL', async () => {
    const member = 'SELECT e.EmployeeId FROM Employee e JOIN c ON e.ReportsTo > c.n';
    expect(
      await rules(`WITH RECURSIVE c(n) AS (SELECT 1 UNION ${member}) SELECT n FROM c LIMIT 5`),
    ).not.toContain('unbounded-recursion');
    expect(
      await rules(`WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL ${member}) SELECT n FROM c LIMIT 5`),
    ).toContain('unbounded-recursion');
  });

  it('accepts a walk over stored rows, where each step takes a new key from the joined row', async () => {
    const walk =
      'WITH RECURSIVE chain(EmployeeId, ReportsTo, depth) AS (SELECT EmployeeId, ReportsTo, 0 FROM Employee WHERE ReportsTo IS NULL UNION ALL SELECT e.EmployeeId, e.ReportsTo, c.depth + 1 FROM Employee e JOIN chain c ON e.ReportsTo = c.EmployeeId) SELECT EmployeeId, depth FROM chain LIMIT 20';
    expect(await rules(walk)).toEqual([]);
    // joining on the key and handing the same key back loops forever
    expect(
      await rules(
        'WITH RECURSIVE c(id) AS (SELECT 1 UNION ALL SELECT t.TrackId FROM c JOIN Track t ON t.TrackId = c.id) SELECT COUNT(*) FROM c LIMIT 1',
      ),
    ).toContain('unbounded-recursion');
    // a LEFT JOIN does not filter: the walk never runs out
    expect(
      await rules(
        'WITH RECURSIVE c(id) AS (SELECT 1 UNION ALL SELECT t.AlbumId FROM c LEFT JOIN Track t ON t.TrackId = c.id) SELECT COUNT(*) FROM c LIMIT 1',
      ),
    ).toContain('unbounded-recursion');
  });

  it('checks a recursive CTE nested in a subquery too', async () => {
    expect(
      await rules(
        'SELECT * FROM (WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c) SELECT n FROM c) s LIMIT 5',
      ),
    ).toContain('unbounded-recursion');
  });
});
