import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scanNumbers } from '../src/index.js';

const read = (text: string) =>
  scanNumbers(text).map((c) => ({
    written: c.written,
    value: `${c.value.coef}e${c.value.exp}`,
    unitExp: c.unitExp,
    percent: c.percent,
    sign: c.sign,
  }));

describe('scanNumbers', () => {
  it('reads value, precision, sign and percent as written', () => {
    expect(read('1,297 1234.5 $523.06 -5 37.2% +3 .5')).toEqual([
      { written: '1,297', value: '1297e0', unitExp: 0, percent: false, sign: 'none' },
      { written: '1234.5', value: '12345e-1', unitExp: -1, percent: false, sign: 'none' },
      { written: '$523.06', value: '52306e-2', unitExp: -2, percent: false, sign: 'none' },
      { written: '-5', value: '-5e0', unitExp: 0, percent: false, sign: 'minus' },
      { written: '37.2%', value: '372e-1', unitExp: -1, percent: true, sign: 'none' },
      { written: '+3', value: '3e0', unitExp: 0, percent: false, sign: 'plus' },
      { written: '.5', value: '5e-1', unitExp: -1, percent: false, sign: 'none' },
    ]);
  });

  it('applies scale words to value and precision', () => {
    expect(read('4.12M 4.12 million 12k 3bn 2 mln 1.5 billion 7 trillion 5 thousand')).toEqual([
      { written: '4.12M', value: '412e4', unitExp: 4, percent: false, sign: 'none' },
      { written: '4.12 million', value: '412e4', unitExp: 4, percent: false, sign: 'none' },
      { written: '12k', value: '12e3', unitExp: 3, percent: false, sign: 'none' },
      { written: '3bn', value: '3e9', unitExp: 9, percent: false, sign: 'none' },
      { written: '2 mln', value: '2e6', unitExp: 6, percent: false, sign: 'none' },
      { written: '1.5 billion', value: '15e8', unitExp: 8, percent: false, sign: 'none' },
      { written: '7 trillion', value: '7e12', unitExp: 12, percent: false, sign: 'none' },
      { written: '5 thousand', value: '5e3', unitExp: 3, percent: false, sign: 'none' },
    ]);
  });

  it('keeps offsets into the text', () => {
    const text = 'Revenue was $4.12M.';
    const [claim] = scanNumbers(text);
    expect(text.slice(claim!.start, claim!.end)).toBe('$4.12M');
  });

  it('reads a number followed by a sentence end or punctuation', () => {
    expect(read('It was 59. Then 60, then (61); "62" and 63!').map((c) => c.written)).toEqual([
      '59',
      '60',
      '61',
      '62',
      '63',
    ]);
  });

  it('reads numbers in markdown tables and bold', () => {
    expect(scanNumbers('| 2021 | **449.46** |').map((c) => c.written)).toEqual(['2021', '449.46']);
  });

  it('treats 41 or more digits as an identifier, not a quantity', () => {
    expect(scanNumbers('1'.repeat(41))).toEqual([]);
    expect(scanNumbers('1'.repeat(40))).toHaveLength(1);
  });

  it('reads a four-part dotted or dashed run as an identifier, not a date', () => {
    expect(scanNumbers('1.2.3.4')).toEqual([]);
    expect(scanNumbers('2013-12-22-1').map((c) => c.written)).toEqual(['2013', '12', '22', '1']);
  });

  it('rejects impossible dates, which are read as numbers', () => {
    expect(scanNumbers('2013-13-01').map((c) => c.written)).toEqual(['2013', '13', '01']);
    expect(scanNumbers('40-12-2013').map((c) => c.written)).toEqual(['40', '12', '2013']);
  });

  it('does not take a lower-case "may" for a month', () => {
    expect(scanNumbers('you may 5 times').map((c) => c.written)).toEqual(['5']);
    expect(scanNumbers('on May 5').map((c) => c.written)).toEqual([]);
  });
});

describe('scanNumbers and code', () => {
  it('reads no numbers inside code, as checkAnswer does', () => {
    expect(scanNumbers('`LIMIT 10` gave 59\n```sql\nSELECT 1\n```').map((c) => c.written)).toEqual([
      '59',
    ]);
  });
});

describe('scanNumbers on any text', () => {
  const alphabet = fc.constantFrom(
    ...'0123456789 ,.-+$%:/\n|#_*"\'`abkmMBthndrsJan\u00a0\u202f\u2013\u2212\uff11\u7b2c\u20ac'.split(
      '',
    ),
  );
  it('returns claims in order, without overlap, each written exactly as its span', () => {
    fc.assert(
      fc.property(
        fc.array(alphabet, { maxLength: 120 }).map((chars) => chars.join('')),
        (text) => {
          let last = 0;
          for (const claim of scanNumbers(text)) {
            expect(claim.start).toBeGreaterThanOrEqual(last);
            expect(claim.end).toBeGreaterThan(claim.start);
            expect(text.slice(claim.start, claim.end)).toBe(claim.written);
            expect(claim.unitExp).toBe(claim.value.exp);
            last = claim.end;
          }
        },
      ),
      { numRuns: 1000 },
    );
  });
});
