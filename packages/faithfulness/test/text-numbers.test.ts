import { describe, expect, it } from 'vitest';
import { scanTextNumbers } from '../src/text-numbers.js';

const values = (text: string) => scanTextNumbers(text).map((d) => `${d.coef}e${d.exp}`);

describe('scanTextNumbers', () => {
  it('takes every number in a cell or question, glued or not', () => {
    expect(values('2009-01-01 00:00:00')).toEqual(['2009e0', '1e0', '1e0', '0e0', '0e0', '0e0']);
    expect(values('Symphony No.5, Op. 55')).toEqual(['5e0', '55e0']);
    expect(values('MPEG-4 and Q3')).toEqual(['4e0', '3e0']);
  });

  it('gives a scaled number both its digits and its value', () => {
    expect(values('top 12k, 1.5 million, 1,297')).toEqual([
      '12e0',
      '12e3',
      '15e-1',
      '15e5',
      '1297e0',
    ]);
  });

  it('treats full-width digits as text', () => {
    expect(values('\uff15\uff19')).toEqual([]);
  });
});
