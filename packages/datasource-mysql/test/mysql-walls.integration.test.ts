// The database's own walls, as each role's login meets them: grants (tables and columns),
// the read-only transaction of every query, and what a query cannot leave behind for the next.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyMysqlGrants } from '../src/apply-mysql-grants.js';
import { isPermissionDenied, PERMISSION_DENIED_MESSAGE } from '../src/index.js';
import { LoginPool } from '../src/login-pool.js';
import { type MysqlDatasource, openMysql } from '../src/mysql-datasource.js';
import { mysqlGrantsSql } from '../src/mysql-grants-sql.js';
import { readyForNext, runQuery } from '../src/run-query.js';
import { asAdmin, chinookUrl, loginUrl, noServer, roleUrls } from './fixture.js';

let db: MysqlDatasource;

beforeAll(async () => {
  if (noServer) return;
  // A role granted three columns of Customer only, beside the Chinook policy's roles.
  await applyMysqlGrants(
    chinookUrl,
    mysqlGrantsSql(
      {
        roles: {
          support: {
            tables: ['Customer'],
            columns: { Customer: ['CustomerId', 'FirstName', 'Email'] },
          },
        },
      },
      {
        database: 'chinook',
        roles: { support: { login: 'walls_support', password: 'support-pw' } },
        host: '127.0.0.1',
      },
    ),
  );
  db = await openMysql(chinookUrl, {
    roles: { ...roleUrls(), support: loginUrl('walls_support', 'support-pw') },
  });
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

describe.skipIf(noServer)('grants: each role reads its own scope', () => {
  it('refuses a table outside the role with PERMISSION_DENIED, naming nothing', async () => {
    const catalog = db.forRole('catalog');
    expect((await catalog.execute('SELECT COUNT(*) FROM Track')).rows).toEqual([[3503]]);
    for (const sql of [
      'SELECT * FROM Employee',
      'SELECT c.FirstName FROM Track t JOIN Customer c ON c.CustomerId = t.TrackId',
      'SELECT * FROM NoSuchTable',
      'SELECT * FROM mysql.user',
    ]) {
      const error = await refusal(catalog.execute(sql));
      expect(isPermissionDenied(error), sql).toBe(true);
      expect(error?.message).toContain(PERMISSION_DENIED_MESSAGE);
      expect(error?.message).not.toMatch(/Employee|Customer|NoSuchTable|user/);
    }
    expect((await db.forRole('sales').execute('SELECT COUNT(*) FROM Invoice')).rows).toEqual([
      [412],
    ]);
    expect(
      isPermissionDenied(await refusal(db.forRole('sales').execute('SELECT * FROM Employee'))),
    ).toBe(true);
  });

  it('refuses a column outside a column grant, and reads the granted ones', async () => {
    const support = db.forRole('support');
    const { rows } = await support.execute(
      'SELECT FirstName, Email FROM Customer WHERE CustomerId = 1',
    );
    expect(rows).toEqual([['Luís', 'luisg@embraer.com.br']]);
    for (const sql of [
      'SELECT Phone FROM Customer',
      'SELECT * FROM Customer',
      'SELECT FirstName FROM Customer WHERE Phone IS NOT NULL',
    ]) {
      expect(isPermissionDenied(await refusal(support.execute(sql))), sql).toBe(true);
    }
    // information_schema shows the login its grants only: three columns of one table.
    const { tables } = await support.introspect({ rowCounts: false });
    expect(tables.map((t) => [t.name, t.columns.map((c) => c.name)])).toEqual([
      ['Customer', ['CustomerId', 'FirstName', 'Email']],
    ]);
  });

  it('gives no login any privilege beyond SELECT on its tables', async () => {
    const grants = await asAdmin<Record<string, string>>(
      "SHOW GRANTS FOR 'chinook_catalog'@'127.0.0.1'",
    );
    const lines = grants.map((row) => Object.values(row)[0]!);
    expect(lines[0]).toMatch(/^GRANT USAGE ON \*\.\* TO `chinook_catalog`@`127\.0\.0\.1`/);
    for (const line of lines.slice(1))
      expect(line).toMatch(/^GRANT SELECT ON `chinook`\.`\w+` TO /);
    expect(lines).toHaveLength(1 + 7);
  });
});

describe.skipIf(noServer)(
  'read-only: nothing a query sends writes, and nothing carries over',
  () => {
    const writes = [
      "INSERT INTO Genre (GenreId, Name) VALUES (999, 'x')",
      "UPDATE Genre SET Name = 'x'",
      'DELETE FROM Genre',
      'REPLACE INTO Genre VALUES (1, NULL)',
      'CREATE TABLE Stolen (a INT)',
      'DROP TABLE Genre',
      'TRUNCATE Genre',
      'SET SESSION TRANSACTION READ WRITE',
      'SET autocommit = 1',
      'LOAD DATA INFILE "/etc/passwd" INTO TABLE Genre',
      "SELECT * FROM Genre INTO OUTFILE '/tmp/nl2sql-genre.txt'",
      'SELECT Name INTO @stolen FROM Genre LIMIT 1',
      '/*!50000 DELETE FROM Genre */',
      'SELECT 1; DELETE FROM Genre',
      'DO SLEEP(0)',
      'HANDLER Genre OPEN',
      'CALL mysql.nothing()',
    ];

    it('refuses every write, as every login (the administrator included), and the data is unchanged', async () => {
      const before = await asAdmin('SELECT * FROM Genre ORDER BY GenreId');
      for (const login of [db, db.forRole('admin'), db.forRole('catalog')]) {
        for (const sql of writes) {
          const error = await refusal(login.execute(sql));
          expect(['READ_ONLY_VIOLATION', 'SYNTAX', 'PERMISSION_DENIED'], sql).toContain(
            error?.code,
          );
        }
      }
      expect(await asAdmin('SELECT * FROM Genre ORDER BY GenreId')).toEqual(before);
      expect(await asAdmin("SHOW TABLES FROM chinook LIKE 'Stolen'")).toEqual([]);
    });

    it('runs every query in a read-only transaction, so a session switched to READ WRITE still cannot write', async () => {
      // Behind the gate, on the administrator's own connection (every privilege): the statement
      // the gate refuses is sent anyway, then a write. The per-query READ ONLY transaction holds.
      const pool = new LoginPool(chinookUrl, undefined, { size: 1, connectTimeoutMs: 5000 });
      try {
        const { connection, session } = await pool.acquire([]);
        const options = {
          maxRows: 10,
          timeoutMs: 5000,
          maxValueBytes: 1 << 20,
          maxResultBytes: 1 << 24,
          signals: [],
          label: 'test',
          takesLocks: false,
          killer: () => pool.openKiller(),
        };
        const switched = await runQuery(connection, session, 'SET SESSION TRANSACTION READ WRITE', {
          ...options,
          sql: 'SET SESSION TRANSACTION READ WRITE',
        });
        expect(switched.reusable).toBe(true);
        expect(await readyForNext(connection, false)).toBe(true);
        const write = "UPDATE Genre SET Name = 'written' WHERE GenreId = 1";
        const refused = await runQuery(connection, session, write, { ...options, sql: write });
        expect(refused.error?.code).toBe('READ_ONLY_VIOLATION');
        pool.release(connection, refused.reusable);
      } finally {
        await pool.end();
      }
      expect(await asAdmin('SELECT Name FROM Genre WHERE GenreId = 1')).toEqual([{ Name: 'Rock' }]);
    });

    it('releases a session lock a query took, so the next query on the connection holds none', async () => {
      const one = await openMysql(chinookUrl, { poolSize: 1 });
      try {
        await one.execute("SELECT GET_LOCK('nl2sql-walls', 0)");
        const { rows } = await one.execute("SELECT IS_USED_LOCK('nl2sql-walls') IS NULL");
        expect(rows).toEqual([[1]]);
      } finally {
        await one.close();
      }
    });
  },
);
