import { wilson } from '@nl2sql/gate';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type DiagnosedCase, diagnosticsBoard, ERROR_CLASSES } from '../src/index.js';

const pass = (
  difficulty: DiagnosedCase['difficulty'],
  tags: string[],
  emptyMatch = false,
): DiagnosedCase => ({
  pass: true,
  emptyMatch,
  difficulty,
  tags,
  errorClass: null,
});
const fail = (
  difficulty: DiagnosedCase['difficulty'],
  tags: string[],
  errorClass: DiagnosedCase['errorClass'],
): DiagnosedCase => ({ pass: false, difficulty, tags, errorClass });

describe('diagnosticsBoard', () => {
  it('accuracy by difficulty and tag with Wilson intervals; failure shares per class; empty matches apart', () => {
    const board = diagnosticsBoard([
      pass('simple', ['join', 'filter']),
      pass('simple', ['filter'], true),
      fail('simple', ['join'], 'filter_values'),
      fail('moderate', ['join'], 'table_selection'),
      fail('moderate', [], 'filter_values'),
      pass('complex', ['aggregation']),
      fail(null, [], null),
    ]);
    const w = wilson(2, 3);
    expect(board.byDifficulty.simple).toEqual({
      count: 2,
      total: 3,
      rate: 2 / 3,
      lower: w.lower,
      upper: w.upper,
    });
    expect(board.byDifficulty.moderate).toMatchObject({ count: 0, total: 2, lower: 0 });
    expect(board.byDifficulty.complex).toMatchObject({ count: 1, total: 1, upper: 1 });
    expect(board.byDifficulty.unknown).toMatchObject({ count: 0, total: 1 });
    expect(Object.keys(board.byTag)).toEqual(['aggregation', 'filter', 'join']);
    expect(board.byTag.join).toMatchObject({ count: 1, total: 3 });
    expect(board.failures).toBe(4);
    expect(board.errorClasses.filter_values).toEqual({ count: 2, share: 0.5 });
    expect(board.errorClasses.table_selection).toEqual({ count: 1, share: 0.25 });
    // a failure nobody classified still counts, as unclassified
    expect(board.errorClasses.unclassified).toEqual({ count: 1, share: 0.25 });
    expect(board.emptyMatches.passes).toBe(1);
    expect(board.emptyMatches.accuracyWithout).toMatchObject({ count: 2, total: 7 });
  });

  it('filter-value and ID accuracy count only cases whose gold filters on such values', () => {
    const withValues = (
      allPresent: boolean,
      ids: { total: number; allPresent: boolean },
    ): DiagnosedCase => ({
      ...fail('simple', [], 'filter_values'),
      filterValues: { total: 2, allPresent, ids },
    });
    const board = diagnosticsBoard([
      withValues(true, { total: 1, allPresent: true }),
      withValues(false, { total: 1, allPresent: false }),
      withValues(false, { total: 0, allPresent: true }),
      {
        ...pass('simple', []),
        filterValues: { total: 0, allPresent: true, ids: { total: 0, allPresent: true } },
      },
    ]);
    expect(board.filterValueAccuracy).toMatchObject({ count: 1, total: 3 });
    expect(board.idAccuracy).toMatchObject({ count: 1, total: 2 });
  });

  it('shares of the failures sum to 1; every case is in exactly one difficulty', () => {
    const arb = fc.record({
      pass: fc.boolean(),
      difficulty: fc.constantFrom('simple', 'moderate', 'complex', null),
      errorClass: fc.constantFrom(...ERROR_CLASSES),
    });
    fc.assert(
      fc.property(fc.array(arb, { minLength: 1, maxLength: 50 }), (raw) => {
        const cases: DiagnosedCase[] = raw.map((c) => ({
          ...c,
          errorClass: c.pass ? null : c.errorClass,
        }));
        const board = diagnosticsBoard(cases);
        const totals = Object.values(board.byDifficulty).reduce((a, b) => a + b.total, 0);
        expect(totals).toBe(cases.length);
        const shares = Object.values(board.errorClasses).reduce((a, b) => a + b.share, 0);
        if (board.failures > 0) expect(shares).toBeCloseTo(1, 10);
        else expect(shares).toBe(0);
      }),
      { seed: 16 },
    );
  });
});
