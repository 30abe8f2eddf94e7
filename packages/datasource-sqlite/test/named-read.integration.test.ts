// execute() reads most results by name (one statement) and falls back to the positional
// wrappers when names or values need them (sqlite-wrap.ts). Both reads must give the same
// result. A statement whose text spells __proto__ is always read positionally, so a comment
// that spells it after the first keyword (inside the text SQLite runs, and in no column's
// name) reads the same statement the other way.
import { readFile } from 'node:fs/promises';
import { CHINOOK_SUITE_PATH } from '@nl2sql/datasets';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { mayNameProto } from '../src/sqlite-wrap.js';
import { chinookDatasource, noChinook } from './chinook-path.js';

/** The same statement, read positionally. */
function positionally(sql: string): string {
  return sql.replace(/^(\s*\w+)/, '$1 /* __proto__ */');
}

const chinook = chinookDatasource();

/** The statement read both ways, with `elapsedMs` left out. */
async function bothReads(sql: string, maxRows?: number) {
  const options = maxRows === undefined ? {} : { maxRows };
  const { elapsedMs: _named, ...named } = await chinook().execute(sql, options);
  const { elapsedMs: _positional, ...positional } = await chinook().execute(
    positionally(sql),
    options,
  );
  return { named, positional };
}

describe('mayNameProto', () => {
  it('is the test that sends a statement to the positional read', () => {
    expect(mayNameProto(positionally('SELECT 1'))).toBe(true);
    expect(mayNameProto('SELECT 1 AS "__proto__"')).toBe(true);
    expect(mayNameProto('SELECT 1 AS proto')).toBe(false);
  });
});

describe.skipIf(noChinook)('the named read', () => {
  it('gives every gold and alternative of the Chinook suite the positional read', async () => {
    const suite = parse(await readFile(CHINOOK_SUITE_PATH, 'utf8')) as {
      cases: { id: string; sql?: string; alt_sql?: string[] }[];
    };
    const statements = suite.cases.flatMap((c) => [c.sql ?? [], ...(c.alt_sql ?? [])].flat());
    expect(statements.length).toBeGreaterThan(40);
    for (const sql of statements) {
      const { named, positional } = await bothReads(sql);
      expect(named, sql).toEqual(positional);
      const capped = await bothReads(sql, 3);
      expect(capped.named, sql).toEqual(capped.positional);
    }
  });

  it('gives tricky names and values the positional read', async () => {
    // duplicates, names that look like indexes, names of Object.prototype's members, empty,
    // spaced and quoted names; integers past a double's precision, reals, text, blobs, NULL
    const name = fc.constantFrom(
      'a',
      'a',
      'a:1',
      '0',
      '1',
      '10',
      '4294967295',
      '-1',
      'constructor',
      'toString',
      'hasOwnProperty',
      '',
      ' ',
      'x y',
      '"q"',
      'Ünï',
      'Name',
    );
    const value = fc.constantFrom(
      '1',
      '-7',
      '9007199254740991',
      '9007199254740993',
      '-9223372036854775808',
      '1.5',
      '1e300',
      "'text'",
      "x'00ff'",
      'NULL',
      'Name',
      'ArtistId * 3',
    );
    const item = fc.tuple(value, fc.option(name, { nil: undefined }));
    const statement = fc
      .record({
        items: fc.array(item, { minLength: 1, maxLength: 6 }),
        where: fc.constantFrom('', 'WHERE ArtistId < 4', 'WHERE 0', 'WHERE ArtistId = 1'),
      })
      .map(({ items, where }) => {
        const list = items
          .map(([v, n]) => (n === undefined ? v : `${v} AS "${n.replaceAll('"', '""')}"`))
          .join(', ');
        return `SELECT ${list} FROM Artist ${where} ORDER BY ArtistId`;
      });
    await fc.assert(
      fc.asyncProperty(statement, async (sql) => {
        const { named, positional } = await bothReads(sql);
        expect(named, sql).toEqual(positional);
      }),
      { numRuns: 300 },
    );
  });

  it('reads a column named by its position when a name looks like an index', async () => {
    const { named, positional } = await bothReads(
      'SELECT Name AS "1", ArtistId AS "0" FROM Artist',
    );
    expect(named.columns).toEqual(['1', '0']);
    expect(named).toEqual(positional);
  });
});
