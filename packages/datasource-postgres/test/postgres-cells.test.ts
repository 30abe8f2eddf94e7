import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCell } from '../src/postgres-cells.js';

describe('parseCell', () => {
  it('reads integers as numbers while exact and as bigints beyond 2^53', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }), (n) => {
        const cell = parseCell(20, n.toString());
        if (n >= BigInt(Number.MIN_SAFE_INTEGER) && n <= BigInt(Number.MAX_SAFE_INTEGER)) {
          expect(cell).toBe(Number(n));
        } else {
          expect(cell).toBe(n);
        }
      }),
    );
    expect(parseCell(23, '-2147483648')).toBe(-2147483648);
    expect(parseCell(21, '7')).toBe(7);
  });

  it('reads numeric as a double, integral values beyond 2^53 exactly', () => {
    expect(parseCell(1700, '0.99')).toBe(0.99);
    expect(parseCell(1700, '1.10')).toBe(1.1);
    expect(parseCell(1700, '-12')).toBe(-12);
    expect(parseCell(1700, '123456789012345678901234567890')).toBe(123456789012345678901234567890n);
    expect(parseCell(1700, 'NaN')).toBeNaN();
    expect(parseCell(1700, '-Infinity')).toBe(Number.NEGATIVE_INFINITY);
  });

  it('reads floats, booleans, bytea; keeps everything else as the server text', () => {
    expect(parseCell(701, '1e+300')).toBe(1e300);
    expect(parseCell(700, 'Infinity')).toBe(Number.POSITIVE_INFINITY);
    expect([parseCell(16, 't'), parseCell(16, 'f')]).toEqual([1, 0]);
    expect(parseCell(17, '\\x00ff')).toEqual(Buffer.from([0, 255]));
    expect(parseCell(1114, '2021-01-01 00:00:00')).toBe('2021-01-01 00:00:00');
    expect(parseCell(3802, '{"a": 1}')).toBe('{"a": 1}');
    expect(parseCell(1007, '{1,2}')).toBe('{1,2}');
    expect(parseCell(25, null)).toBeNull();
  });
});
