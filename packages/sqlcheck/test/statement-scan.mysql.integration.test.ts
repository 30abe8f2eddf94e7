// The MySQL scanner against a real MariaDB (a private server, mariadbForTests): random texts
// of INSERT statements sent as one COM_QUERY on a connection that allows several statements,
// under the default sql_mode, NO_BACKSLASH_ESCAPES and ANSI_QUOTES. When the server accepts
// the text, every statement in it ran and added one row, so the row count is the server's own
// statement count, and the scanner (given the same mode) must count the same. Skipped with
// the reason printed where MariaDB cannot start (never under CI, which installs it).
import { mariadbForTests } from '@nl2sql/datasource-mysql';
import fc from 'fast-check';
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scanStatements } from '../src/index.js';

const maria = await mariadbForTests();
let connection: mysql.Connection;

beforeAll(async () => {
  if (!maria.server) return;
  connection = await mysql.createConnection({ uri: maria.server.url(), multipleStatements: true });
  await connection.query('CREATE DATABASE scan; USE scan; CREATE TABLE t (v TEXT)');
});

afterAll(async () => {
  await connection?.end();
  await maria.server?.stop();
});

/** Run `sql` on an empty table under `mode`; the rows it added, or undefined when refused. */
async function rowsAdded(sql: string, mode: string): Promise<number | undefined> {
  await connection.query(`SET SESSION sql_mode = '${mode}'`);
  await connection.query('DELETE FROM t');
  try {
    await connection.query(sql);
  } catch {
    return undefined;
  }
  const [rows] = await connection.query('SELECT COUNT(*) AS n FROM t');
  return Number((rows as { n: number }[])[0]!.n);
}

const MODES = [
  { mode: '', options: {} },
  { mode: 'NO_BACKSLASH_ESCAPES', options: { backslashEscapes: false } },
  { mode: 'ANSI_QUOTES', options: { doubleQuoteEscapes: false } },
] as const;

describe.skipIf(!maria.server)('scanStatements agrees with MariaDB', () => {
  it('reads # and "-- " comments to LF, and "--x" as arithmetic', async () => {
    const sql =
      'INSERT INTO t SELECT 1 # c ; INSERT INTO t SELECT 9\n; INSERT INTO t SELECT 2 -- x ;\n';
    expect(await rowsAdded(sql, '')).toBe(2);
    expect(scanStatements(sql, 'mysql').statements).toBe(2);
  });

  const inner = fc
    .array(fc.constantFrom(';', "'", '"', '`', '#', '-', '/', '*', '\\', 'a', ' ', '\r'), {
      maxLength: 10,
    })
    .map((a) => a.join(''));
  const value = fc.oneof(
    inner.map((t) => `'${t.replace(/\\/g, '').replace(/'/g, "''")}'`),
    inner.map((t) => `'${t.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`),
    inner.map((t) => `'${t}'`),
    inner.map((t) => `"${t.replace(/\\/g, '').replace(/"/g, '""')}"`),
    fc.constantFrom('1', "x'3B'", "_utf8mb4'a'"),
  );
  const alias = fc.oneof(
    inner.filter((t) => t.length > 0).map((t) => `\`${t.replace(/`/g, '``')}\``),
    fc.constant('plain'),
  );
  const insert = fc.tuple(value, alias).map(([v, a]) => `INSERT INTO t SELECT ${v} AS ${a}`);
  const comment = fc.oneof(
    fc.tuple(inner, fc.constantFrom('\n', '\r', '\r\n', '')).map(([t, end]) => `#${t}${end}`),
    fc
      .tuple(fc.constantFrom(' ', '\t', ''), inner, fc.constantFrom('\n', '\r', ''))
      .map(([after, t, end]) => `--${after}${t}${end}`),
    inner.filter((t) => !t.startsWith('!') && !t.startsWith('+')).map((t) => `/*${t}*/`),
  );
  const gap = fc
    .array(fc.oneof(comment, fc.constantFrom(' ', '\n', '\t', '\r')), { maxLength: 3 })
    .map((parts) => parts.join(''));
  const text = fc
    .array(fc.tuple(insert, gap, fc.constantFrom(';', '')), { minLength: 1, maxLength: 3 })
    .map((parts) => parts.map(([s, g, end]) => `${s}${g}${end}`).join(' '));

  for (const { mode, options } of MODES) {
    it(`counts as the server does, sql_mode '${mode}'`, async () => {
      let accepted = 0;
      await fc.assert(
        fc.asyncProperty(text, async (sql) => {
          const rows = await rowsAdded(sql, mode);
          if (rows === undefined) return;
          accepted++;
          const scan = scanStatements(sql, 'mysql', options);
          expect({ sql, statements: scan.statements }).toEqual({ sql, statements: rows });
        }),
        { numRuns: 300 },
      );
      // Enough of the texts were real statements for the agreement to mean something.
      expect(accepted).toBeGreaterThan(30);
    }, 120_000);
  }
});
