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

  it('refuses a walk over stored rows with UNION ALL (cyclic data loops), accepts it with UNION over plain columns', async () => {
    // Behaviour changed by issue 25: "each step must find a stored row" does not stop on a
    // cycle (ReportsTo pointing back up the chain), so the walk is no longer accepted.
    const walk =
      'WITH RECURSIVE chain(EmployeeId, ReportsTo, depth) AS (SELECT EmployeeId, ReportsTo, 0 FROM Employee WHERE ReportsTo IS NULL UNION ALL SELECT e.EmployeeId, e.ReportsTo, c.depth + 1 FROM Employee e JOIN chain c ON e.ReportsTo = c.EmployeeId) SELECT EmployeeId, depth FROM chain LIMIT 20';
    expect(await rules(walk)).toContain('unbounded-recursion');
    const distinct =
      'WITH RECURSIVE chain(EmployeeId) AS (SELECT EmployeeId FROM Employee WHERE ReportsTo IS NULL UNION SELECT e.EmployeeId FROM Employee e JOIN chain c ON e.ReportsTo = c.EmployeeId) SELECT EmployeeId FROM chain LIMIT 20';
    expect(await rules(distinct)).toEqual([]);
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

describe('L3 proves a counter stops within the row cap, or refuses it (issue 25)', () => {
  const cte = (member: string, anchor = 'SELECT 1') =>
    `WITH RECURSIVE c(n) AS (${anchor} UNION ALL ${member}) SELECT COUNT(*) FROM c LIMIT 1`;
  const refused: [string, string][] = [
    ['n + 0 never moves', cte('SELECT n + 0 FROM c WHERE n < 10')],
    ['n * 1 never moves', cte('SELECT n * 1 FROM c WHERE n < 10')],
    ['n - 0 never moves', cte('SELECT n - 0 FROM c WHERE n > 0')],
    ['a fractional step is not an integer step', cte('SELECT n + 0.5 FROM c WHERE n < 10')],
    ['n * 2 from 0 stays 0', cte('SELECT n * 2 FROM c WHERE n < 1000', 'SELECT 0')],
    [
      'a counter joined to a table multiplies its rows each step',
      cte('SELECT n + 1 FROM c JOIN Track t ON t.TrackId > 0 WHERE n < 10'),
    ],
    ['a counter beside a table in FROM', cte('SELECT n + 1 FROM c, Genre WHERE n < 10')],
    ['a billion steps is not a stop', cte('SELECT n + 1 FROM c WHERE n < 1000000000')],
    ['SQLite orders every integer before every text', cte("SELECT n + 1 FROM c WHERE n < '10'")],
    [
      'an anchor read from a table starts as many counters as it has rows',
      cte('SELECT n + 1 FROM c WHERE n < 10', 'SELECT TrackId FROM Track'),
    ],
    [
      'two recursive members double the rows each step',
      'WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 30 UNION ALL SELECT n + 1 FROM c WHERE n < 30) SELECT COUNT(*) FROM c LIMIT 1',
    ],
    [
      'a LIMIT on the CTE over the row cap',
      'WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c LIMIT 1000000000) SELECT COUNT(*) FROM c LIMIT 1',
    ],
    [
      'UNION over a computed value is not a fixpoint',
      'WITH RECURSIVE c(n) AS (SELECT 1 UNION SELECT n + 1 FROM c) SELECT COUNT(*) FROM c LIMIT 1',
    ],
    [
      'UNION over a column of a subquery that computes from the CTE',
      'WITH RECURSIVE c(n) AS (SELECT 1 UNION SELECT s.m FROM c JOIN (SELECT TrackId + 1 AS m FROM Track) s ON s.m > c.n) SELECT COUNT(*) FROM c LIMIT 1',
    ],
    [
      'a date series over the row cap',
      "WITH RECURSIVE d(x) AS (SELECT '2000-01-01' UNION ALL SELECT date(x, '+1 day') FROM d WHERE x < '2013-12-31') SELECT COUNT(*) FROM d LIMIT 1",
    ],
  ];
  for (const [what, sql] of refused) {
    it(`refuses: ${what}`, async () => {
      expect(await rules(sql, 'sqlite')).toContain('unbounded-recursion');
      if (!sql.includes('date('))
        expect(await rules(sql, 'postgres')).toContain('unbounded-recursion');
    });
  }

  it('refuses a set-returning call in the member, which makes several rows of one (PostgreSQL)', async () => {
    const sql =
      'WITH RECURSIVE c(n, m) AS (SELECT 1, 1 UNION ALL SELECT n + 1, generate_subscripts(ARRAY[1, 2], 1) FROM c WHERE n < 30) SELECT COUNT(*) FROM c LIMIT 1';
    expect(await rules(sql, 'postgres')).toContain('unbounded-recursion');
    expect(
      await rules(sql.replace('generate_subscripts(ARRAY[1, 2], 1)', 'm + 1'), 'postgres'),
    ).not.toContain('unbounded-recursion');
  });

  it('accepts counters that stop within the cap, and names the count when one does not', async () => {
    for (const sql of [
      cte('SELECT n + 1 FROM c WHERE n < 1000'),
      cte('SELECT n + 7 FROM c WHERE n <= 6000'),
      cte('SELECT n - 2 FROM c WHERE n >= -500', 'SELECT 1000'),
      cte('SELECT n * 3 FROM c WHERE n < 1000000000000'),
      cte('SELECT n + 1 FROM c WHERE n < 10', 'SELECT 1 UNION ALL SELECT 5'),
      "WITH RECURSIVE d(x) AS (SELECT '2013-01-01' UNION ALL SELECT date(x, '+1 month') FROM d WHERE x < '2020-12-31') SELECT COUNT(*) FROM d LIMIT 1",
    ]) {
      expect(await rules(sql), sql).not.toContain('unbounded-recursion');
    }
    const big = await checkSafety(cte('SELECT n + 1 FROM c WHERE n < 5000'), { dialect: 'sqlite' });
    expect(big.violations.map((v) => v.message).join()).toContain(
      'can make 5000 rows, over the row cap of 1000',
    );
    // the row cap is maxLimit: a project that raises it may count further
    const raised = await checkSafety(cte('SELECT n + 1 FROM c WHERE n < 5000'), {
      dialect: 'sqlite',
      maxLimit: 10000,
    });
    expect(raised.violations.map((v) => v.rule)).not.toContain('unbounded-recursion');
  });
});
