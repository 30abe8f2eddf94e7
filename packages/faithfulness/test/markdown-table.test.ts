import { describe, expect, it } from 'vitest';
import { scanNumbers } from '../src/index.js';

const written = (text: string) => scanNumbers(text).map((c) => c.written);

describe('Markdown table rank columns', () => {
  it('skips a first cell that numbers the data rows 1, 2, 3', () => {
    const table = [
      '| # | Genre | Tracks |',
      '|---|:------|-------:|',
      '| 1 | Rock | 1,297 |',
      '| 2 | Latin | 579 |',
      '|  3  | Metal | 374 |',
    ].join('\n');
    expect(written(table)).toEqual(['1,297', '579', '374']);
  });

  it('checks a first cell that is a value, not the row position', () => {
    const table = [
      '| Year | Revenue |',
      '|---|---|',
      '| 2021 | 449.46 |',
      '| 2 | 5 |',
      '| 9 | 7 |',
    ].join('\n');
    expect(written(table)).toEqual(['2021', '449.46', '5', '9', '7']);
  });

  it('checks numbers in the header, outside tables and after a table ends', () => {
    const text = ['| 1 | a |', '|---|---|', '| 1 | b |', '', '| 1 | c |', '1 | d |'].join('\n');
    expect(written(text)).toEqual(['1', '1', '1']);
  });
});
