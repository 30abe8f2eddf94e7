import { describe, expect, it } from 'vitest';
import {
  checkSafety,
  checkSyntax,
  DEFAULT_MAX_SQL_BYTES,
  readSet,
  runChecks,
  sqlBytes,
  sqlSizeViolation,
} from '../src/index.js';
import { CHINOOK } from './fixtures/chinook-schema.js';

/** A select list of `n` computed columns: the shape whose parse grows fastest with the text. */
function wideSelect(bytes: number): string {
  const parts: string[] = [];
  let length = 'SELECT  FROM Track LIMIT 10'.length;
  for (let i = 0; length < bytes; i++) {
    const item = `TrackId + ${i} AS c${i}`;
    parts.push(item);
    length += item.length + 2;
  }
  return `SELECT ${parts.join(', ')} FROM Track LIMIT 10`;
}

describe('the SQL size limit, before any parse', () => {
  it('counts UTF-8 bytes, not UTF-16 units', () => {
    expect(sqlBytes('abc')).toBe(3);
    expect(sqlBytes('é')).toBe(2);
    expect(sqlBytes('€')).toBe(3);
    expect(sqlBytes('😀')).toBe(4);
    expect(sqlBytes('\ud800x')).toBe(4); // a lone surrogate is sent as U+FFFD, 3 bytes
    expect(sqlSizeViolation('x'.repeat(10), 10)).toBeUndefined();
    expect(sqlSizeViolation('é'.repeat(6), 10)?.rule).toBe('sql-too-large');
  });

  it('refuses a 1.3 MB select list in milliseconds, with the finding on L1 and L3', async () => {
    const sql = wideSelect(1_300_000);
    const start = performance.now();
    const r = await runChecks(sql, { dialect: 'sqlite', schema: CHINOOK });
    const ms = performance.now() - start;
    expect(r.pass).toBe(false);
    expect(r.levels[0].violations.map((v) => v.rule)).toEqual(['sql-too-large']);
    expect(r.levels[0].violations[0]?.message).toContain(`${sqlBytes(sql)} bytes`);
    expect(r.levels[0].violations[0]?.message).toContain(`${DEFAULT_MAX_SQL_BYTES} bytes`);
    expect(r.levels[1].pass).toBe(false);
    expect(r.levels[2].violations.map((v) => v.rule)).toEqual(['sql-too-large']);
    // parsing it takes tens of seconds; not parsing it takes a scan of the text
    expect(ms).toBeLessThan(1000);
  });

  it('parses text at the limit, and a raised limit lets a longer text through', async () => {
    const atLimit = wideSelect(DEFAULT_MAX_SQL_BYTES - 100);
    expect((await runChecks(atLimit, { dialect: 'sqlite' })).pass).toBe(true);
    const over = wideSelect(DEFAULT_MAX_SQL_BYTES + 100);
    expect((await runChecks(over, { dialect: 'sqlite' })).pass).toBe(false);
    expect((await runChecks(over, { dialect: 'sqlite', maxSqlBytes: 2 ** 20 })).pass).toBe(true);
    expect(
      (await runChecks('SELECT 1 AS a LIMIT 1', { dialect: 'sqlite', maxSqlBytes: 10 })).levels[0]
        .violations[0]?.rule,
    ).toBe('sql-too-large');
  });

  it('holds for every entry point that parses', async () => {
    const over = wideSelect(DEFAULT_MAX_SQL_BYTES + 100);
    expect((await checkSyntax(over, 'sqlite')).violations.map((v) => v.rule)).toEqual([
      'sql-too-large',
    ]);
    expect(
      (await checkSafety(over, { dialect: 'postgres' })).violations.map((v) => v.rule),
    ).toEqual(['sql-too-large']);
    expect(await readSet(over, CHINOOK)).toBeUndefined();
    expect(await readSet(over, CHINOOK, { maxSqlBytes: 2 ** 20 })).toBeDefined();
  });
});
