import { describe, expect, it } from 'vitest';
import type { SqlDialect } from '../src/index.js';
import { checkSafety, DEFAULT_MAX_VALUE_BYTES } from '../src/index.js';

// zeroblob and randomblob are not vetted by default; allow them so the size rule shows.
const rules = async (sql: string, dialect: SqlDialect, maxValueBytes?: number) =>
  (
    await checkSafety(sql, {
      dialect,
      allowedFunctions: ['zeroblob', 'randomblob'],
      ...(maxValueBytes !== undefined ? { maxValueBytes } : {}),
    })
  ).violations.map((v) => v.rule);

const BIG = 1_000_000_000;

describe('L3 refuses length builders over maxValueBytes (issue 11 item 6)', () => {
  it('the default limit is 4 MiB', () => {
    expect(DEFAULT_MAX_VALUE_BYTES).toBe(4 * 1024 * 1024);
  });

  const tooLarge: [string, SqlDialect][] = [
    [`SELECT printf('%${BIG}c', 'x') LIMIT 1`, 'sqlite'],
    [`SELECT printf('%.${BIG}c', 'x') LIMIT 1`, 'sqlite'],
    [`SELECT printf('%.*c', ${BIG}, 'x') LIMIT 1`, 'sqlite'],
    [`SELECT printf('%*d', -${BIG}, 1) LIMIT 1`, 'sqlite'],
    [`SELECT printf('%0${BIG}d', 1) LIMIT 1`, 'sqlite'],
    [`SELECT format('%${BIG}s', 'x') LIMIT 1`, 'sqlite'],
    [`SELECT printf('%3000000c%3000000c', 'x', 'y') LIMIT 1`, 'sqlite'],
    [`SELECT zeroblob(${BIG}) LIMIT 1`, 'sqlite'],
    [`SELECT hex(randomblob(1000 * 1000 * 1000)) LIMIT 1`, 'sqlite'],
    [`SELECT format('%${BIG}s', 'x') LIMIT 1`, 'postgres'],
    [`SELECT format('%*s', ${BIG}, 'x') LIMIT 1`, 'postgres'],
    [`SELECT format('%1$*2$s', 'x', ${BIG}) LIMIT 1`, 'postgres'],
    [`SELECT repeat('ab', 3000000) LIMIT 1`, 'postgres'],
    [`SELECT repeat(repeat('x', 3000), 3000) LIMIT 1`, 'postgres'],
    [`SELECT lpad('a', ${BIG}) LIMIT 1`, 'postgres'],
    [`SELECT rpad('a', 3000000, 'é') LIMIT 1`, 'postgres'],
    [`SELECT 'a'::char(${BIG}) LIMIT 1`, 'postgres'],
    [`SELECT repeat('x', 3000000) || repeat('y', 3000000) LIMIT 1`, 'postgres'],
  ];
  for (const [sql, dialect] of tooLarge) {
    it(`${dialect}: ${sql.slice(7, 60)} -> value-too-large`, async () => {
      expect(await rules(sql, dialect)).toContain('value-too-large');
    });
  }

  const notConstant: [string, SqlDialect][] = [
    ["SELECT printf('%*d', TrackId, 1) FROM Track LIMIT 1", 'sqlite'],
    ['SELECT printf(Name, 1) FROM Track LIMIT 1', 'sqlite'],
    ['SELECT zeroblob(Milliseconds) FROM Track LIMIT 1', 'sqlite'],
    ['SELECT repeat(\'*\', "Milliseconds") FROM "Track" LIMIT 1', 'postgres'],
    ['SELECT lpad("Name", "Milliseconds") FROM "Track" LIMIT 1', 'postgres'],
    ['SELECT format(\'%*s\', "TrackId", \'x\') FROM "Track" LIMIT 1', 'postgres'],
  ];
  for (const [sql, dialect] of notConstant) {
    it(`${dialect}: ${sql.slice(7, 60)} -> value-size-not-constant`, async () => {
      expect(await rules(sql, dialect)).toContain('value-size-not-constant');
    });
  }

  const fine: [string, SqlDialect][] = [
    ["SELECT printf('%.2f', SUM(Total)) FROM Invoice LIMIT 1", 'sqlite'],
    ["SELECT printf('%5.1f%% of %-20s', 12.5, Name) FROM Track LIMIT 1", 'sqlite'],
    ["SELECT printf('%.1000000000s', Name) FROM Track LIMIT 1", 'sqlite'],
    ['SELECT char(65, 66, 67), zeroblob(16) LIMIT 1', 'sqlite'],
    [
      'SELECT lpad("Name", 20, \'.\'), repeat(\'-\', 10), format(\'%-12s|\', "Name") FROM "Track" LIMIT 1',
      'postgres',
    ],
    ['SELECT string_agg("Name", \', \') FROM "Genre" LIMIT 1', 'postgres'],
    ["SELECT 'a'::char(10), 'a'::varchar(100000000) LIMIT 1", 'postgres'],
  ];
  for (const [sql, dialect] of fine) {
    it(`${dialect}: ${sql.slice(7, 60)} passes`, async () => {
      const r = await rules(sql, dialect);
      expect(r).not.toContain('value-too-large');
      expect(r).not.toContain('value-size-not-constant');
    });
  }

  it('uses the maxValueBytes option', async () => {
    expect(await rules("SELECT repeat('x', 100) LIMIT 1", 'postgres', 50)).toContain(
      'value-too-large',
    );
    expect(await rules("SELECT repeat('x', 100) LIMIT 1", 'postgres', 100)).toEqual([]);
  });
});
