import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkByteCap,
  checkFinitePositive,
  checkMaxRows,
  checkTimeoutMs,
} from '../src/limit-checks.js';

const WHERE = 'SQLite /data/chinook.sqlite';

describe('limit checks', () => {
  it('hand back every value they accept, unchanged', () => {
    expect(checkTimeoutMs(0.5, WHERE)).toBe(0.5);
    expect(checkTimeoutMs(Number.POSITIVE_INFINITY, WHERE)).toBe(Number.POSITIVE_INFINITY);
    expect(checkMaxRows(0, WHERE)).toBe(0);
    expect(checkMaxRows(Number.POSITIVE_INFINITY, WHERE)).toBe(Number.POSITIVE_INFINITY);
    expect(checkFinitePositive(2.5, 'connectTimeoutMs', WHERE)).toBe(2.5);
    expect(checkByteCap(1, 'maxResultBytes', WHERE)).toBe(1);
    expect(checkByteCap(Number.POSITIVE_INFINITY, 'maxResultBytes', WHERE)).toBe(
      Number.POSITIVE_INFINITY,
    );
  });

  it('refuse what is out of range with a RangeError naming the datasource and the option', () => {
    expect(() => checkTimeoutMs(0, WHERE)).toThrow(
      new RangeError(`${WHERE}: timeoutMs must be a positive number, got 0`),
    );
    expect(() => checkTimeoutMs(Number.NaN, WHERE)).toThrow(/got NaN$/);
    expect(() => checkMaxRows(1.5, WHERE)).toThrow(
      new RangeError(`${WHERE}: maxRows must be a non-negative integer or Infinity, got 1.5`),
    );
    expect(() => checkMaxRows(-1, WHERE)).toThrow(RangeError);
    expect(() => checkFinitePositive(Number.POSITIVE_INFINITY, 'timeoutMs', WHERE)).toThrow(
      new RangeError(`${WHERE}: timeoutMs must be a positive number, got Infinity`),
    );
    expect(() => checkByteCap(0, 'maxValueBytes', WHERE)).toThrow(
      new RangeError(`${WHERE}: maxValueBytes must be a positive integer or Infinity, got 0`),
    );
    expect(() => checkByteCap(2.5, 'maxResultBytes', WHERE)).toThrow(RangeError);
  });

  it('accept exactly the values of their documented ranges', () => {
    const accepts = (check: () => unknown) => {
      try {
        check();
        return true;
      } catch (error) {
        expect(error).toBeInstanceOf(RangeError);
        return false;
      }
    };
    fc.assert(
      fc.property(fc.double(), (value) => {
        const integer = Number.isInteger(value);
        const infinite = value === Number.POSITIVE_INFINITY;
        expect(accepts(() => checkTimeoutMs(value, WHERE))).toBe(value > 0);
        expect(accepts(() => checkMaxRows(value, WHERE))).toBe(infinite || (integer && value >= 0));
        expect(accepts(() => checkFinitePositive(value, 'x', WHERE))).toBe(
          Number.isFinite(value) && value > 0,
        );
        expect(accepts(() => checkByteCap(value, 'x', WHERE))).toBe(
          infinite || (integer && value >= 1),
        );
      }),
    );
  });
});
