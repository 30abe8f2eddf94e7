import { describe, expect, it } from 'vitest';
import { displayValue } from '../src/index.js';

describe('displayValue: explanations stay JSON-safe', () => {
  it('keeps plain values and turns the rest into strings', () => {
    expect(displayValue(1.5)).toBe(1.5);
    expect(displayValue('a')).toBe('a');
    expect(displayValue(true)).toBe(true);
    expect(displayValue(null)).toBe(null);
    expect(displayValue(undefined)).toBe(null);
    expect(displayValue(2n ** 64n)).toBe('18446744073709551616');
    expect(displayValue(Number.NaN)).toBe('NaN');
    expect(displayValue(Number.NEGATIVE_INFINITY)).toBe('-Infinity');
    expect(displayValue(new Date(Date.UTC(2009, 0, 1)))).toBe('2009-01-01 00:00:00');
    expect(displayValue(Buffer.from([0xde, 0xad]))).toBe("x'dead'");
    expect(displayValue(new Uint8Array(40))).toMatch(/^x'0{64}\.\.\.'$/);
    expect(displayValue(Symbol('s'))).toBe('Symbol(s)');
    expect(displayValue(Object.create(null))).toBe('[object]');
  });

  it('produces verdict details that survive JSON.stringify', () => {
    const values = [2n ** 70n, Buffer.from('x'), Number.NaN, new Date(0), { a: 1 }];
    expect(() => JSON.stringify(values.map(displayValue))).not.toThrow();
  });
});
