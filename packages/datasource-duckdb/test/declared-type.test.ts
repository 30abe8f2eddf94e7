import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { declaredTypeComment, declaredTypeOf, isPlainTypeText } from '../src/declared-type.js';
import { affinityType } from '../src/sqlite-affinity.js';

describe('declared types in column comments', () => {
  it("reads back what the copy writes, for Chinook's declarations", () => {
    for (const t of ['NVARCHAR(120)', 'INTEGER', 'NUMERIC(10,2)', 'DATETIME', 'NUMERIC(10, 2)']) {
      expect(declaredTypeOf(declaredTypeComment(t))).toBe(t);
    }
  });

  it('reads nothing from comments a person wrote, or from text that could be more SQL', () => {
    expect(declaredTypeOf('the artist name')).toBeUndefined();
    expect(declaredTypeOf(null)).toBeUndefined();
    for (const t of ['INT); DROP TABLE x; --', "VARCHAR('x')", 'INT) AS y, (SELECT 1', '']) {
      expect(declaredTypeOf(declaredTypeComment(t)), t).toBeUndefined();
    }
    fc.assert(
      fc.property(fc.string(), (text) => {
        const read = declaredTypeOf(declaredTypeComment(text));
        // Whatever is read back is a plain type name: no quote, semicolon or comment.
        if (read !== undefined) expect(read).not.toMatch(/[;'"\-/*]/);
        expect(read === undefined).toBe(!isPlainTypeText(text.trim()));
      }),
    );
  });

  it("maps declarations DuckDB does not accept by SQLite's affinity rules", () => {
    expect(affinityType('UNSIGNED BIG INT')).toBe('BIGINT');
    expect(affinityType('CHARACTER VARYING(9)')).toBe('VARCHAR');
    expect(affinityType('')).toBe('BLOB');
    expect(affinityType('FLOATING POINT')).toBe('BIGINT'); // SQLite's own rule 1: "POINT" holds INT
    expect(affinityType('MONEY')).toBe('DOUBLE');
  });
});
