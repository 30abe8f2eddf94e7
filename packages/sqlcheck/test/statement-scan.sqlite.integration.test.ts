// The scanner against the real thing: random texts of INSERT statements, joined by
// separators full of comments and every line terminator, run by SQLite itself
// (sqlite3_exec runs statement after statement). Each statement that runs adds one row, so
// the row count is SQLite's own statement count, to compare with scanStatements.
import fc from 'fast-check';
import sqlite3 from 'sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scanStatements } from '../src/index.js';

let db: sqlite3.Database;

const run = (sql: string) =>
  new Promise<Error | null>((resolve) => db.exec(sql, (err) => resolve(err)));
const rows = () =>
  new Promise<number>((resolve, reject) =>
    db.get('SELECT COUNT(*) AS n FROM t', (err: Error | null, row: { n: number } | undefined) =>
      err ? reject(err) : resolve(row?.n ?? -1),
    ),
  );

beforeAll(async () => {
  db = new sqlite3.Database(':memory:');
  const err = await run('CREATE TABLE t(v)');
  if (err) throw err;
});
afterAll(() => new Promise<void>((resolve) => db.close(() => resolve())));

// Literals hold no line break, so only the separators decide where comments end.
const inner = fc
  .array(
    fc.constantFrom(';', "'", '"', '`', '[', ']', '-', '/', '*', '\\', '$', 'a', ' ', '(', ')'),
    {
      maxLength: 10,
    },
  )
  .map((a) => a.join(''));
const value = fc.oneof(
  inner.map((t) => `'${t.replace(/'/g, "''")}'`),
  fc.constantFrom('1', "x'0a'", '$a(x;y)', '?1', ':b::c', '@d'),
);
const alias = fc.oneof(
  inner.filter((t) => t.length > 0).map((t) => `"${t.replace(/"/g, '""')}"`),
  inner.map((t) => `[${t.replace(/]/g, '')}x]`),
  inner.map((t) => `\`${t.replace(/`/g, '``')}x\``),
  fc.constant('plain'),
);
const insert = fc.tuple(value, alias).map(([v, a]) => `INSERT INTO t SELECT ${v} AS ${a}`);

const anyTerminator = fc.constantFrom('\n', '\r', '\r\n', '\f', '\v', '\u2028', '');
const comment = fc.oneof(
  fc.tuple(inner, anyTerminator).map(([t, end]) => `--${t}${end}`),
  inner.map((t) => `/*${t} */`), // may close early: the server decides
  inner.map((t) => `/*${t}`), // possibly unterminated: SQLite reads it to the end
);
const gap = fc
  .array(fc.oneof(comment, fc.constantFrom(' ', '\n', '\t', '\f', '\r', ' \v', ';')), {
    maxLength: 4,
  })
  .map((parts) => parts.join(''));

describe('scanStatements agrees with SQLite on how many statements run', () => {
  it('for random statements, comments and terminators', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(gap, insert, gap), { minLength: 1, maxLength: 4 }),
        async (parts) => {
          const sql = parts.map(([a, stmt, b]) => `${a}${stmt}${b}`).join(';');
          expect(await run('DELETE FROM t')).toBeNull();
          const error = await run(sql);
          const ran = await rows();
          const scan = scanStatements(sql, 'sqlite');
          if (error === null) {
            expect(scan.lexicalError).toBeUndefined();
            expect(ran).toBe(scan.statements);
          } else {
            // SQLite stopped at a statement the scanner also counted (or could not read)
            expect(ran < scan.statements || scan.lexicalError !== undefined).toBe(true);
          }
        },
      ),
      { numRuns: 400 },
    );
  });
});
