import { expect, it } from 'vitest';
import '../src/setup.js';

it('registers toMatchGoldRows on expect (the setupFiles entry)', () => {
  expect({ columns: ['a'], rows: [['x']] }).toMatchGoldRows({ columns: ['b'], rows: [['x']] });
  expect(() =>
    expect({ columns: ['a'], rows: [['y']] }).toMatchGoldRows({ columns: ['b'], rows: [['x']] }),
  ).toThrow('expected the rows to match the gold rows: FAIL strict: rows differ');
});
