// The runner keeps its own copies of a few pure pieces of @nl2sql/sqlcheck and
// @nl2sql/efficiency (the size limit, the error classes, VES and R-VES, the diagnostics board),
// so its core installs without the parser or SQLite. Each copy must answer as the original.
import * as efficiency from '@nl2sql/efficiency';
import * as sqlcheck from '@nl2sql/sqlcheck';
import { describe, expect, it } from 'vitest';
import { diagnosticsBoard } from '../src/diagnostics-board.js';
import { rves, rvesReward, ves, vesReward } from '../src/efficiency-math.js';
import { ERROR_CLASSES } from '../src/error-classes.js';
import { DEFAULT_MAX_SQL_BYTES, sqlBytes, sqlSizeViolation } from '../src/sql-size.js';

describe('the runner copies of pure pieces', () => {
  it('size limit: same default, same byte count, same finding', () => {
    expect(DEFAULT_MAX_SQL_BYTES).toBe(sqlcheck.DEFAULT_MAX_SQL_BYTES);
    for (const text of ['SELECT 1', 'é'.repeat(40), '😀'.repeat(30), 'x'.repeat(100)]) {
      expect(sqlBytes(text)).toBe(sqlcheck.sqlBytes(text));
      for (const limit of [10, 50, 100, 1000])
        expect(sqlSizeViolation(text, limit)).toEqual(sqlcheck.sqlSizeViolation(text, limit));
    }
  });

  it('error classes: the same list in the same order', () => {
    expect([...ERROR_CLASSES]).toEqual([...sqlcheck.ERROR_CLASSES]);
  });

  it('VES and R-VES: the same rewards and summaries', () => {
    for (const ratio of [0, 0.1, 0.25, 0.5, 0.9, 1, 1.7, 2, 9])
      expect([vesReward(ratio), rvesReward(ratio)]).toEqual([
        efficiency.vesReward(ratio),
        efficiency.rvesReward(ratio),
      ]);
    const cases = [
      { status: 'measured' as const, timeRatio: 1.4 },
      { status: 'measured' as const, timeRatio: 0.3 },
      { status: 'incorrect' as const, timeRatio: 0 },
      { status: 'timeout' as const, timeRatio: 0 },
      { status: 'error' as const, timeRatio: 0 },
    ];
    expect(ves(cases)).toEqual(efficiency.ves(cases));
    expect(rves(cases)).toEqual(efficiency.rves(cases));
  });

  it('diagnostics board: the same board for the same case runs', () => {
    const cases = [
      { pass: true, difficulty: 'simple' as const, errorClass: null, tags: ['a'] },
      { pass: false, difficulty: 'complex' as const, errorClass: 'aggregation' as const },
      { pass: false, difficulty: null, errorClass: 'no_sql' as const, emptyMatch: false },
      {
        pass: true,
        emptyMatch: true,
        difficulty: 'moderate' as const,
        errorClass: null,
        filterValues: { total: 2, allPresent: true, ids: { total: 1, allPresent: true } },
      },
    ];
    expect(diagnosticsBoard(cases)).toEqual(efficiency.diagnosticsBoard(cases));
  });
});
