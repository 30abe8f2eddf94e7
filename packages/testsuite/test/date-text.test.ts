import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dateShape, formatDate, parseDate, shiftYears } from '../src/date-text.js';

describe('date text', () => {
  it('formats and parses back every second in each shape', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -2_000_000_000, max: 4_000_000_000 }),
        fc.constantFrom('date', 'datetime', 'datetime-t' as const),
        (seconds, shape) => {
          const text = formatDate(seconds, shape);
          expect(dateShape(text)).toBe(shape);
          const expected = shape === 'date' ? Math.floor(seconds / 86_400) * 86_400 : seconds;
          expect(parseDate(text)).toBe(expected);
        },
      ),
    );
  });

  it('refuses impossible dates and other text', () => {
    expect(dateShape('2025-02-30')).toBeUndefined();
    expect(dateShape('2025-01-01 25:00:00')).toBeUndefined();
    expect(dateShape('2025')).toBeUndefined();
    expect(dateShape('2025-01-01T10:00:00Z')).toBeUndefined();
  });

  it('moves by whole years, Feb 29 to Feb 28', () => {
    expect(shiftYears('2025-01-01', -1)).toBe('2024-01-01');
    expect(shiftYears('2024-02-29 12:00:00', 1)).toBe('2025-02-28 12:00:00');
    expect(shiftYears('not a date', 1)).toBeUndefined();
  });
});
