import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { frozenToday } from '../src/index.js';

describe('frozenToday', () => {
  it("replaces each whole 'now' literal with the case's date", () => {
    expect(frozenToday("SELECT date('now', '-1 month'), strftime('%Y', 'NOW')", '2013-12-31')).toBe(
      "SELECT date('2013-12-31', '-1 month'), strftime('%Y', '2013-12-31')",
    );
  });

  it("leaves 'now' inside other strings, identifiers and comments alone", () => {
    const sql = `SELECT 'it''s now' AS "'now'", [now] -- 'now'\nFROM t /* 'now' */ WHERE x = 'nowhere'`;
    expect(frozenToday(sql, '2013-12-31')).toBe(sql);
  });

  it('is the identity without a date, and refuses a date that is not YYYY-MM-DD', () => {
    fc.assert(fc.property(fc.string(), (sql) => frozenToday(sql, undefined) === sql));
    expect(() => frozenToday("SELECT 'now'", '31/12/2013')).toThrow(/YYYY-MM-DD/);
  });

  it('never changes SQL that has no now literal', () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !s.toLowerCase().includes('now')),
        (sql) => frozenToday(sql, '2020-01-01') === sql,
      ),
    );
  });
});
