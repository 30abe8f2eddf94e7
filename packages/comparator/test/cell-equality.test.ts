import { describe, expect, it } from 'vitest';
import { cellsEqual, numbersEqual, signaturesCompatible } from '../src/cell-equality.js';
import { prepareTable } from '../src/prepared-table.js';
import { PANDAS_RULES, PYTHON_RULES, specRules } from '../src/value-rules.js';

const STRICT = specRules(0.005, false);
const LENIENT = specRules(0.005, true);

function eq(gold: unknown, result: unknown, rules = STRICT): boolean {
  const g = prepareTable({ columns: ['g'], rows: [[gold]] });
  const r = prepareTable({ columns: ['r'], rows: [[result]] });
  return cellsEqual(g.cols[0]!, 0, r.cols[0]!, 0, rules);
}

describe('cellsEqual under the spec rules', () => {
  it('null equals only null', () => {
    expect(eq(null, null)).toBe(true);
    expect(eq(null, undefined)).toBe(true);
    expect(eq(null, 0)).toBe(false);
    expect(eq(null, '')).toBe(false);
    expect(eq(null, 'NULL')).toBe(false);
  });

  it('booleans are 0 and 1, as SQLite returns them', () => {
    expect(eq(true, 1)).toBe(true);
    expect(eq(false, 0)).toBe(true);
    expect(eq(true, '1')).toBe(true);
    expect(eq(true, 'true')).toBe(false);
  });

  it('numbers within 0.005 inclusive, binary rounding absorbed', () => {
    expect(eq(2.35, 2.345)).toBe(true);
    expect(eq(1000, 1000.005)).toBe(true);
    expect(eq(1, 1.0051)).toBe(false);
    expect(eq(0.1 + 0.2, 0.3)).toBe(true);
  });

  it('integers beyond 2^53 compare exactly', () => {
    expect(eq(2n ** 53n + 1n, 2n ** 53n)).toBe(false);
    expect(eq(2n ** 53n + 1n, 2n ** 53n + 1n)).toBe(true);
    expect(eq(2n ** 53n + 1n, '9007199254740993')).toBe(true);
    expect(eq(2n ** 53n + 1n, 2 ** 53)).toBe(false);
    expect(eq(2n ** 53n, 2 ** 53)).toBe(true);
    expect(eq(2n ** 64n, 2 ** 64)).toBe(true);
    expect(eq(12n, 12)).toBe(true);
  });

  it('NaN equals NaN and Infinity its own sign, as numbers or spelled', () => {
    expect(eq(Number.NaN, Number.NaN)).toBe(true);
    expect(eq(Number.NaN, 'NaN')).toBe(true);
    expect(eq(Number.NaN, 0)).toBe(false);
    expect(eq(Number.POSITIVE_INFINITY, 'Infinity')).toBe(true);
    expect(eq(Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY)).toBe(false);
    expect(eq(Number.POSITIVE_INFINITY, 1e308)).toBe(false);
  });

  it('Decimal-like strings equal the number they spell, not each other', () => {
    expect(eq(12.5, '12.50')).toBe(true);
    expect(eq('12.50', 12.5)).toBe(true);
    expect(eq('12.50', '12.5')).toBe(false);
    expect(eq('12.50', '12.50')).toBe(true);
  });

  it('date strings compare as strings in strict; Date objects as their UTC text', () => {
    expect(eq('2009-01-01', '2009-01-01')).toBe(true);
    expect(eq('2009', '2009-01-01')).toBe(false);
    expect(eq('2009-01-01 00:00:00', new Date(Date.UTC(2009, 0, 1)))).toBe(true);
  });

  it('the label rule is lenient-only, gold-side-shorter only, strings only', () => {
    expect(eq('2009', '2009-01-01', LENIENT)).toBe(true);
    expect(eq('2009-01-01', '2009', LENIENT)).toBe(false);
    expect(eq(2009, '2009-01-01', LENIENT)).toBe(false);
    expect(eq('2009', '2009-01-01 extra', LENIENT)).toBe(false);
  });

  it('the midnight rule is lenient-only and joins a day with its midnight, either side', () => {
    expect(eq('1962-02-18', '1962-02-18 00:00:00', LENIENT)).toBe(true);
    expect(eq('1962-02-18 00:00:00', '1962-02-18', LENIENT)).toBe(true);
    expect(eq('1962-02-18T00:00:00.000Z', '1962-02-18', LENIENT)).toBe(true);
    expect(eq('1962-02-18 00:00:00', new Date(Date.UTC(1962, 1, 18)), LENIENT)).toBe(true);
    expect(eq('1962-02-18', new Date(Date.UTC(1962, 1, 18)), LENIENT)).toBe(true);
    expect(eq('1962-02-18 00:00:00', '1962-02-18', STRICT)).toBe(false);
    expect(eq('1962-02-18', '1962-02-18 00:00:00', STRICT)).toBe(false);
    expect(eq('1962-02-18 00:00:01', '1962-02-18', LENIENT)).toBe(false);
    expect(eq('1962-02-18 00:00:00+01:00', '1962-02-18', LENIENT)).toBe(false);
    expect(eq('1962-02-18 00:00:00', '1962-02-19', LENIENT)).toBe(false);
    expect(eq('1962-02-18 00:00:00', '1962-02', LENIENT)).toBe(false);
  });

  it('bytes compare byte for byte across Buffer and Uint8Array', () => {
    expect(eq(Buffer.from([1, 2]), new Uint8Array([1, 2]))).toBe(true);
    expect(eq(Buffer.from([1, 2]), new Uint8Array([1, 3]))).toBe(false);
    expect(eq(Buffer.from('ab'), 'ab')).toBe(false);
  });

  it('values it cannot interpret compare by exact equality', () => {
    const o = { a: 1 };
    expect(eq(o, o)).toBe(true);
    expect(eq(o, { a: 1 })).toBe(false);
    const s = Symbol('x');
    expect(eq(s, s)).toBe(true);
    expect(eq(new Date(Number.NaN), new Date(Number.NaN))).toBe(false);
  });
});

describe('peer value rules', () => {
  it('Python rules are exact and keep strings apart from numbers', () => {
    expect(eq(1, 1.0, PYTHON_RULES)).toBe(true);
    expect(eq(true, 1, PYTHON_RULES)).toBe(true);
    expect(eq(1, 1.001, PYTHON_RULES)).toBe(false);
    expect(eq('1', 1, PYTHON_RULES)).toBe(false);
    expect(eq(0.1 + 0.2, 0.3, PYTHON_RULES)).toBe(false);
  });

  it('pandas rules use rtol 1e-5 and atol 1e-8', () => {
    expect(eq(100000, 100000.5, PANDAS_RULES)).toBe(true);
    expect(eq(1, 1.001, PANDAS_RULES)).toBe(false);
    expect(numbersEqual(0, 1e-9, PANDAS_RULES)).toBe(true);
  });
});

describe('signaturesCompatible prunes only impossible pairs', () => {
  const col = (rows: unknown[]) =>
    prepareTable({ columns: ['x'], rows: rows.map((v) => [v]) }).cols[0]!;
  it('rejects different exact strings, null counts, and sums beyond tolerance', () => {
    expect(signaturesCompatible(col(['a', 'b']), col(['a', 'c']), STRICT)).toBe(false);
    expect(signaturesCompatible(col([null, 1]), col([1, 1]), STRICT)).toBe(false);
    expect(signaturesCompatible(col([1, 2]), col([1, 3]), STRICT)).toBe(false);
  });
  it('accepts permutations and values within tolerance', () => {
    expect(signaturesCompatible(col(['a', 'b', null]), col([null, 'b', 'a']), STRICT)).toBe(true);
    expect(signaturesCompatible(col([1.004, 2]), col([2.004, 1]), STRICT)).toBe(true);
    expect(signaturesCompatible(col(['2009', 1]), col([2009, 1]), STRICT)).toBe(true);
  });
});

describe('signatures of booleans and bigints', () => {
  const col = (rows: unknown[]) =>
    prepareTable({ columns: ['x'], rows: rows.map((v) => [v]) }).cols[0]!;
  it('count booleans and small bigints as finite numbers', () => {
    const s = col([true, 5n, 2, Number.NaN, Number.NEGATIVE_INFINITY]).sig;
    expect(s).toMatchObject({ nNum: 5, nNaN: 1, nNegInf: 1, nPosInf: 0, min: 1, max: 5, sum: 8 });
    expect(signaturesCompatible(col([true, 2n]), col([2, 1]), STRICT)).toBe(true);
  });
});
