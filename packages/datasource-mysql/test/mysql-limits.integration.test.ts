// Timeouts stop the statement on the server (max_statement_time and KILL QUERY), a caller's
// signal kills it the same way, and the row, value and result caps hold, each leaving the
// connection usable.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MysqlDatasource, openMysql } from '../src/mysql-datasource.js';
import { asAdmin, chinookUrl, noServer, roleUrls } from './fixture.js';

let db: MysqlDatasource;

beforeAll(async () => {
  if (noServer) return;
  db = await openMysql(chinookUrl, { roles: roleUrls(), poolSize: 2 });
});

afterAll(async () => {
  await db?.close();
});

async function refusal(run: Promise<unknown>) {
  return (await run.then(
    () => undefined,
    (error: unknown) => error,
  )) as { code?: string; message?: string } | undefined;
}

/** Statements of the test logins the server is still running. */
async function running(text: string): Promise<number> {
  const rows = await asAdmin<{ n: number }>(
    "SELECT COUNT(*) AS n FROM information_schema.PROCESSLIST WHERE COMMAND = 'Query' AND INFO LIKE ?",
    [`${text}%`],
  );
  return Number(rows[0]!.n);
}

describe.skipIf(noServer)('timeouts stop the statement on the server', () => {
  it('stops SELECT SLEEP(10) near its deadline; nothing is left running and the login works on', async () => {
    const catalog = db.forRole('catalog');
    const started = performance.now();
    const error = await refusal(catalog.execute('SELECT SLEEP(10)', { timeoutMs: 800 }));
    const took = performance.now() - started;
    expect(error?.code).toBe('TIMEOUT');
    expect(error?.message).toContain('800 ms timeout');
    expect(took).toBeGreaterThan(700);
    expect(took).toBeLessThan(3000);
    expect(await running('SELECT SLEEP(10)')).toBe(0);
    for (let i = 0; i < 3; i += 1)
      expect((await catalog.execute('SELECT COUNT(*) FROM Genre')).rows).toEqual([[25]]);
  });

  it('stops a heavy cross join near its deadline', async () => {
    const sql = 'SELECT COUNT(*) FROM Track a, Track b, Track c WHERE a.Name < b.Name';
    const started = performance.now();
    const error = await refusal(db.execute(sql, { timeoutMs: 1000 }));
    expect(error?.code).toBe('TIMEOUT');
    expect(performance.now() - started).toBeLessThan(4000);
    expect(await running('SELECT COUNT(*) FROM Track a, Track b')).toBe(0);
    expect((await db.execute('SELECT 1')).rows).toEqual([[1]]);
  });

  it("kills the statement with KILL QUERY when the caller's signal fires (the server's own timeout far off)", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('the run was stopped')), 300);
    const started = performance.now();
    const error = await refusal(
      db
        .forRole('sales')
        .execute('SELECT SLEEP(10)', { timeoutMs: 60_000, signal: controller.signal }),
    );
    expect(error?.code).toBe('CANCELLED');
    expect(error?.message).toContain('the run was stopped');
    expect(performance.now() - started).toBeLessThan(2500);
    expect(await running('SELECT SLEEP(10)')).toBe(0);
    expect((await db.forRole('sales').execute('SELECT COUNT(*) FROM Invoice')).rows).toEqual([
      [412],
    ]);
  });

  it('refuses a signal that has already fired without running anything', async () => {
    const error = await refusal(db.execute('SELECT 1', { signal: AbortSignal.abort() }));
    expect(error?.code).toBe('CANCELLED');
  });
});

describe.skipIf(noServer)('row, value and result caps', () => {
  it('returns maxRows rows and says truncated, with or without a LIMIT of the query', async () => {
    const capped = await db.execute('SELECT TrackId FROM Track ORDER BY TrackId', { maxRows: 3 });
    expect(capped).toMatchObject({ rows: [[1], [2], [3]], truncated: true });
    const limited = await db.execute('SELECT TrackId FROM Track ORDER BY TrackId LIMIT 3000', {
      maxRows: 3,
    });
    expect(limited).toMatchObject({ rows: [[1], [2], [3]], truncated: true });
    const exact = await db.execute('SELECT GenreId FROM Genre', { maxRows: 25 });
    expect(exact.rows).toHaveLength(25);
    expect(exact.truncated).toBe(false);
    const all = await db.execute('SELECT TrackId FROM Track', {
      maxRows: Number.POSITIVE_INFINITY,
    });
    expect(all.rows).toHaveLength(3503);
    expect((await db.execute('SELECT COUNT(*) FROM Track')).rows).toEqual([[3503]]);
  });

  it('fails a value past maxValueBytes with VALUE_TOO_LARGE and a result past maxResultBytes with RESULT_TOO_LARGE', async () => {
    const small = await openMysql(chinookUrl, { maxValueBytes: 1000, maxResultBytes: 200_000 });
    try {
      expect((await small.execute("SELECT REPEAT('x', 1000)")).rows[0]![0]).toHaveLength(1000);
      expect((await refusal(small.execute("SELECT REPEAT('x', 1001)")))?.code).toBe(
        'VALUE_TOO_LARGE',
      );
      expect(
        (await refusal(small.execute('SELECT * FROM Track', { maxRows: 100_000 })))?.code,
      ).toBe('RESULT_TOO_LARGE');
      expect((await small.execute('SELECT 2')).rows).toEqual([[2]]);
    } finally {
      await small.close();
    }
  });

  it('returns cells as the other adapters do: integers, exact bigints, decimals as doubles, text dates, buffers', async () => {
    const { columns, rows } = await db.execute(
      "SELECT 1 AS a, 1 AS a, 9007199254740993, CAST(2.5 AS DECIMAL(10,2)), SUM(UnitPrice), NULL, InvoiceDate, X'00ff' FROM Invoice i JOIN InvoiceLine l USING (InvoiceId) WHERE i.InvoiceId = 1 GROUP BY InvoiceDate",
    );
    expect(columns.slice(0, 2)).toEqual(['a', 'a']);
    expect(rows).toEqual([
      [1, 1, 9007199254740993n, 2.5, 1.98, null, '2021-01-01 00:00:00', Buffer.from([0, 255])],
    ]);
  });
});
