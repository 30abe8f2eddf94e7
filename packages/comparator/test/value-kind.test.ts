import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dateText,
  isDateText,
  isMidnightOrDay,
  K_BIG,
  K_BIGSTR,
  K_BYTES,
  K_DATE,
  K_NULL,
  K_NUM,
  K_NUMSTR,
  K_OTHER,
  K_STR,
  labelMatches,
  readValue,
  sameCalendarDay,
  spellsDecimal,
} from '../src/value-kind.js';

const kindOf = (v: unknown) => readValue(v).kind;

describe('readValue', () => {
  it('reads null and undefined as null', () => {
    expect(kindOf(null)).toBe(K_NULL);
    expect(kindOf(undefined)).toBe(K_NULL);
  });

  it('reads numbers, booleans and small bigints as numbers', () => {
    expect(readValue(1.5)).toMatchObject({ kind: K_NUM, num: 1.5 });
    expect(readValue(true)).toMatchObject({ kind: K_NUM, num: 1 });
    expect(readValue(false)).toMatchObject({ kind: K_NUM, num: 0 });
    expect(readValue(42n)).toMatchObject({ kind: K_NUM, num: 42 });
    expect(Object.is(readValue(-0).num, 0)).toBe(true);
    expect(kindOf(Number.NaN)).toBe(K_NUM);
    expect(kindOf(Number.POSITIVE_INFINITY)).toBe(K_NUM);
  });

  it('reads integers at or beyond 2^53 as exact big values', () => {
    expect(readValue(2n ** 53n + 1n)).toMatchObject({ kind: K_BIG, payload: 2n ** 53n + 1n });
    expect(readValue(2 ** 60)).toMatchObject({ kind: K_BIG, payload: 2n ** 60n });
    expect(kindOf('9007199254740993')).toBe(K_BIGSTR);
  });

  it('reads strings that spell numbers, Decimal-style included, as numeric strings', () => {
    for (const s of [
      '2009',
      '-3',
      '+4',
      '12.50',
      '.5',
      '5.',
      '1e3',
      '1.5E-2',
      'NaN',
      'Infinity',
      '-Infinity',
    ]) {
      expect(kindOf(s), s).toBe(K_NUMSTR);
    }
    expect(readValue('12.50').num).toBe(12.5);
    for (const s of ['', ' 1', '1 ', '1,200', '0x10', '$4', 'abc', '1e', 'nan', 'inf']) {
      expect(kindOf(s), s).toBe(K_STR);
    }
  });

  it('reads date, datetime and year-month strings as dates; a bare year is a numeric string', () => {
    for (const s of [
      '2009-01',
      '2009-01-01',
      '2009-01-01 00:00:00',
      '2009-01-01T10:20:30.5Z',
      '2009-01-01 10:20+02:00',
    ]) {
      expect(kindOf(s), s).toBe(K_DATE);
    }
    expect(kindOf('2009')).toBe(K_NUMSTR);
    expect(kindOf('2009-1-1')).toBe(K_STR);
  });

  it('reads Date objects as their UTC text, invalid Dates as opaque values', () => {
    expect(readValue(new Date(Date.UTC(2009, 0, 1)))).toMatchObject({
      kind: K_DATE,
      payload: '2009-01-01 00:00:00',
    });
    expect(dateText(new Date(Date.UTC(2009, 0, 1, 1, 2, 3, 45)))).toBe('2009-01-01 01:02:03.045');
    expect(kindOf(new Date(Number.NaN))).toBe(K_OTHER);
  });

  it('reads Buffers, Uint8Arrays, other views and ArrayBuffers as bytes', () => {
    expect(kindOf(Buffer.from('ab'))).toBe(K_BYTES);
    expect(kindOf(new Uint8Array([1]))).toBe(K_BYTES);
    expect(kindOf(new Uint16Array([1]))).toBe(K_BYTES);
    expect(kindOf(new ArrayBuffer(2))).toBe(K_BYTES);
  });

  it('reads anything else as an opaque value and never throws', () => {
    const odd: unknown[] = [{}, [], Symbol('s'), () => 1, new Map(), Object.create(null)];
    for (const v of odd) expect(kindOf(v)).toBe(K_OTHER);
  });
});

describe('labelMatches: the date/period label rule', () => {
  it("'2009' matches '2009-01-01' and '2013-02' matches '2013-02-01' (spec examples)", () => {
    expect(labelMatches('2009', '2009-01-01')).toBe(true);
    expect(labelMatches('2013-02', '2013-02-01')).toBe(true);
  });

  it('a full date matches a datetime on the same day', () => {
    expect(labelMatches('2013-02-01', '2013-02-01 00:00:00')).toBe(true);
    expect(labelMatches('2013-02-01', '2013-02-01T00:00:00Z')).toBe(true);
  });

  it('only the gold side may be the shorter label', () => {
    expect(labelMatches('2009-01-01', '2009')).toBe(false);
    expect(labelMatches('2009-01-01', '2009-01-01')).toBe(false); // equal is plain equality's job
  });

  it('requires a component boundary and a date on the predicted side', () => {
    expect(labelMatches('2009', '20091-01-01')).toBe(false);
    expect(labelMatches('2013-0', '2013-02-01')).toBe(false);
    expect(labelMatches('2013', '2013-02')).toBe(false); // a month label is not a date
    expect(labelMatches('2013', '2014-01-01')).toBe(false);
  });
});

describe('the midnight rule: a day and its midnight timestamps are one calendar value', () => {
  it('counts a day and the midnight spellings recorded in the decision record', () => {
    for (const s of [
      '1962-02-18',
      '1962-02-18 00:00',
      '1962-02-18 00:00:00',
      '1962-02-18T00:00:00',
      '1962-02-18 00:00:00.0',
      '1962-02-18 00:00:00.000',
      '1962-02-18T00:00:00.000000Z',
      '1962-02-18T00:00Z',
      '1962-02-18 00:00:00+00',
      '1962-02-18 00:00:00+0000',
      '1962-02-18 00:00:00+00:00',
      '1962-02-18 00:00:00-00:00',
    ]) {
      expect(isMidnightOrDay(s), s).toBe(true);
    }
  });

  it('not another time, a non-zero offset, a month, or a malformed tail', () => {
    for (const s of [
      '1962-02',
      '1962-02-18 00:00:01',
      '1962-02-18 00:01',
      '1962-02-18 12:00:00',
      '1962-02-18 00:00:00.001',
      '1962-02-18 00:00:00.',
      '1962-02-18 00:00:00+01:00',
      '1962-02-18 00:00:00-05',
      '1962-02-18 00:00:00+00:30',
      '1962-02-18 00:00:00ZZ',
      '1962-02-18T',
    ]) {
      expect(isMidnightOrDay(s), s).toBe(false);
    }
  });

  it('joins two spellings only on the same day, in either order', () => {
    expect(sameCalendarDay('1962-02-18', '1962-02-18 00:00:00')).toBe(true);
    expect(sameCalendarDay('1962-02-18 00:00:00', '1962-02-18')).toBe(true);
    expect(sameCalendarDay('1962-02-18T00:00:00Z', '1962-02-18 00:00:00')).toBe(true);
    expect(sameCalendarDay('1962-02-18 00:00:00', '1962-02-19')).toBe(false);
    expect(sameCalendarDay('1962-02-18 00:00:01', '1962-02-18')).toBe(false);
    expect(sameCalendarDay('1962-02', '1962-02-18')).toBe(false);
  });

  it('agrees with a regular-expression reading of the rule on generated strings', () => {
    const oracle = /^(\d{4}-\d{2}-\d{2})(?:[ T]00:00(?::00(?:\.0+)?)?(?:Z|[+-]00(?::?00)?)?)?$/;
    const spelled = fc
      .tuple(
        fc.constantFrom('1962-02-18', '1962-02-19', '2009-01-01', '2009-01'),
        fc.constantFrom('', ' ', 'T', 'x'),
        fc.constantFrom('', '00:00', '00:01', '12:00', '0:00'),
        fc.constantFrom('', ':00', ':01', ':00.0', ':00.000', ':00.010', ':00.'),
        fc.constantFrom('', 'Z', '+00', '-00', '+0000', '+00:00', '+01:00', '-0500', '+00:3', 'Z1'),
      )
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(spelled, spelled, (a, b) => {
        const ma = oracle.exec(a);
        const mb = oracle.exec(b);
        const expected = ma !== null && mb !== null && ma[1] === mb[1];
        expect(sameCalendarDay(a, b)).toBe(expected);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('isDateText agrees with the date grammar', () => {
  const grammar =
    /^\d{4}-\d{2}(?:-\d{2}(?:[ T]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?)?)?$/;
  it('on hand-picked strings', () => {
    for (const s of [
      '2009-01',
      '2009-01-02',
      '2009-01-02 03:04',
      '2009-01-02T03:04:05',
      '2009-01-02 03:04:05.123456',
      '2009-01-02 03:04:05Z',
      '2009-01-02 03:04+05',
      '2009-01-02 03:04:05-0530',
      '2009-01-02 03:04:05+05:30',
      '2009-01-02 03:04:05.Z',
      '2009-01-02 03:04:05+05:',
      '2009-01-02 03:04:05+5',
      '2009-1-02',
      '2009-01-2',
      '2009-01-02 3:04',
      '2009-01-02x03:04',
      '2009-01-02 03:04:05ZZ',
      '20090102',
      '2009',
      '٢٠٠٩-01',
    ]) {
      expect(isDateText(s), s).toBe(grammar.test(s));
    }
  });
  it('on generated strings', () => {
    const piece = fc.constantFrom(
      '2009',
      '-',
      '01',
      '1',
      ' ',
      'T',
      ':',
      '30',
      '.',
      '5',
      'Z',
      '+',
      'x',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (parts) => {
        const s = parts.join('');
        expect(isDateText(s), s).toBe(grammar.test(s));
      }),
      { numRuns: 5000 },
    );
    fc.assert(
      fc.property(fc.stringMatching(/^\d{4}-\d{2}[-0-9 T:.Z+x]{0,18}$/), (s) => {
        expect(isDateText(s), s).toBe(grammar.test(s));
      }),
      { numRuns: 5000 },
    );
  });
});

describe('spellsDecimal agrees with the decimal grammar', () => {
  const grammar = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
  it('on hand-picked strings', () => {
    for (const s of [
      '1',
      '-1',
      '+1',
      '1.',
      '.1',
      '1.5e3',
      '1e+3',
      '1E-3',
      '',
      '+',
      '-',
      '.',
      '1e',
      '1e+',
      'e1',
      '1.2.3',
      '--1',
      '1 ',
      '١',
    ]) {
      expect(spellsDecimal(s), s).toBe(grammar.test(s));
    }
  });
  it('on generated strings', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[-+.eE0-9a ]{0,8}$/), (s) => {
        expect(spellsDecimal(s)).toBe(grammar.test(s));
      }),
      { numRuns: 2000 },
    );
  });
});
