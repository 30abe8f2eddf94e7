import { describe, expect, it } from 'vitest';
import { isMonthName, monthNameAfter, monthNameBefore } from '../src/calendar.js';

describe('calendar', () => {
  it('knows capitalised month names and abbreviations', () => {
    for (const name of ['January', 'Jan', 'Sept', 'DEC', 'May'])
      expect(isMonthName(name)).toBe(true);
    for (const name of ['may', 'march', 'Janu', 'Monday', ''])
      expect(isMonthName(name)).toBe(false);
  });

  it('sees a month before or after a number', () => {
    expect(monthNameBefore('on January 22', 11)).toBe(true);
    expect(monthNameBefore('on Jan. 22', 8)).toBe(true);
    expect(monthNameBefore('on XJanuary 22', 12)).toBe(false);
    expect(monthNameBefore('January22', 7)).toBe(false); // no gap
    expect(monthNameAfter('22 December', 2)).toBe(true);
    expect(monthNameAfter('22 of May', 2)).toBe(true);
    expect(monthNameAfter('22 Decembers', 2)).toBe(false);
    expect(monthNameAfter('22 tracks', 2)).toBe(false);
  });
});
