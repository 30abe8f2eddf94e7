import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqliteConnection } from '../src/sqlite-connection.js';
import {
  columnOrderSql,
  columnProbeSql,
  exactKey,
  isIndexLikeName,
  positionalSql,
  valueKey,
} from '../src/sqlite-wrap.js';
import { chinookPath, noChinook } from './chinook-path.js';

let connection: SqliteConnection;

beforeAll(async () => {
  if (noChinook) return;
  connection = await SqliteConnection.open(await chinookPath());
});

afterAll(async () => {
  await connection?.close();
});

describe.skipIf(noChinook)('columnProbeSql', () => {
  it('yields one all-NULL row keyed by the column names, duplicates made unique', async () => {
    const rows = await connection.all(
      columnProbeSql('SELECT Name, Name, GenreId AS id FROM Genre'),
    );
    expect(rows).toEqual([{ Name: null, 'Name:1': null, id: null }]);
  });

  it('does not run an endless statement', async () => {
    const rows = await connection.all(
      columnProbeSql(
        'WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM r) SELECT i FROM r',
      ),
    );
    expect(rows).toEqual([{ i: null }]);
  });
});

describe.skipIf(noChinook)('columnOrderSql', () => {
  it('maps each unique column name to its select position', async () => {
    const rows = await connection.all(columnOrderSql("SELECT 'b' AS b, 2, 1, 2 FROM Genre", 4));
    expect(rows).toEqual([{ b: 0, '2': 1, '1': 2, '2:1': 3 }]);
  });

  it('does not run an endless statement', async () => {
    const rows = await connection.all(
      columnOrderSql(
        'WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM r) SELECT i, 1 FROM r',
        2,
      ),
    );
    expect(rows).toEqual([{ i: 0, '1': 1 }]);
  });
});

describe('isIndexLikeName', () => {
  it.each([
    ['0', true],
    ['12', true],
    ['4294967294', true],
    ['4294967295', false],
    ['01', false],
    ['-1', false],
    ['1.5', false],
    ['2:1', false],
    ['a1', false],
  ])('%s -> %s', (name, expected) => {
    expect(isIndexLikeName(name)).toBe(expected);
    // The property the check stands for: JavaScript lists exactly these keys first.
    expect(Object.keys({ z: 0, [name]: 1 })[0] === name).toBe(expected);
  });
});

describe.skipIf(noChinook)('positionalSql', () => {
  it('keys values by position and keeps the statement order', async () => {
    const rows = await connection.all(
      positionalSql('SELECT Name, 2, 1 FROM Artist ORDER BY Name DESC', 3, 2),
    );
    expect(rows.map((row) => [row[valueKey(0)], row[valueKey(1)], row[valueKey(2)]])).toEqual([
      ['Zeca Pagodinho', 2, 1],
      ["Youssou N'Dour", 2, 1],
    ]);
  });

  it('evaluates each value once: the exact text always belongs to the same random value', async () => {
    const rows = await connection.all(positionalSql('SELECT random() FROM Track', 1, null));
    expect(rows).toHaveLength(3503);
    let big = 0;
    for (const row of rows) {
      const value = row[valueKey(0)] as number;
      const exact = row[exactKey(0)];
      if (Number.isSafeInteger(value)) expect(exact).toBeNull();
      else {
        big += 1;
        const [text] = JSON.parse(exact as string) as string[];
        expect(Number(BigInt(text!))).toBe(value);
      }
    }
    // random() spans 64 bits, so nearly every value is beyond 2^53.
    expect(big).toBeGreaterThan(3000);
  });

  it('marks only the positions that hold an unsafe integer', async () => {
    const [row] = await connection.all(
      positionalSql("SELECT 1, 9007199254740993, 'x', -9223372036854775808", 4, null),
    );
    expect(JSON.parse(row![exactKey(0)] as string)).toEqual([
      null,
      '9007199254740993',
      null,
      '-9223372036854775808',
    ]);
    const [plain] = await connection.all(positionalSql("SELECT 1, 'x', 2.5", 3, null));
    expect(plain![exactKey(0)]).toBeNull();
  });

  it('lets the database stop at the limit', async () => {
    const rows = await connection.all(
      positionalSql(
        'WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM r) SELECT i FROM r',
        1,
        4,
      ),
    );
    expect(rows.map((row) => row[valueKey(0)])).toEqual([1, 2, 3, 4]);
  });
});
