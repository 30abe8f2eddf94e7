import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RESULT_HEAD_BYTES, RESULT_HEAD_ROWS, resultHead } from '../src/index.js';

const cell = fc.oneof(
  fc.constant(null),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.string({ maxLength: 40 }),
  fc.boolean(),
);

describe('resultHead', () => {
  it('keeps a small result whole, not truncated', () => {
    const head = resultHead({
      columns: ['ArtistId', 'Name'],
      rows: [
        [1, 'AC/DC'],
        [2, 'Accept'],
      ],
      truncated: false,
    });
    expect(head).toEqual({
      columns: ['ArtistId', 'Name'],
      rows: [
        [1, 'AC/DC'],
        [2, 'Accept'],
      ],
      truncated: false,
    });
  });

  it(`keeps the first ${RESULT_HEAD_ROWS} rows of a longer result and says it is truncated`, () => {
    const rows = Array.from({ length: 275 }, (_, i) => [i, `artist ${i}`]);
    const head = resultHead({ columns: ['ArtistId', 'Name'], rows, truncated: false });
    expect(head.rows).toEqual(rows.slice(0, RESULT_HEAD_ROWS));
    expect(head.truncated).toBe(true);
  });

  it("carries the engine's own truncation (its row cap) forward", () => {
    const head = resultHead({ columns: ['n'], rows: [[1]], truncated: true });
    expect(head).toEqual({ columns: ['n'], rows: [[1]], truncated: true });
  });

  it('leaves out whole rows past the byte bound rather than cutting a cell', () => {
    const big = 'x'.repeat(40 * 1024);
    const head = resultHead({ columns: ['blob'], rows: [[big], [big], [big]], truncated: false });
    expect(head.rows).toEqual([[big]]);
    expect(head.truncated).toBe(true);
    const huge = resultHead({ columns: ['blob'], rows: [['y'.repeat(RESULT_HEAD_BYTES)]] });
    expect(huge).toEqual({ columns: ['blob'], rows: [], truncated: true });
  });

  it('is always a prefix of the rows, within both bounds, truncated exactly when rows are left out or the engine capped', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(cell, { minLength: 2, maxLength: 2 }), { maxLength: 60 }),
        fc.boolean(),
        (rows, capped) => {
          const head = resultHead({ columns: ['a', 'b'], rows, truncated: capped });
          expect(head.rows).toEqual(rows.slice(0, head.rows.length));
          expect(head.rows.length).toBeLessThanOrEqual(RESULT_HEAD_ROWS);
          expect(
            Buffer.byteLength(head.rows.map((r) => JSON.stringify(r)).join('')),
          ).toBeLessThanOrEqual(RESULT_HEAD_BYTES);
          expect(head.truncated).toBe(capped || head.rows.length < rows.length);
        },
      ),
    );
  });

  it('copies the rows, so a later change to the engine result does not reach the head', () => {
    const rows = [[1, 'a']];
    const head = resultHead({ columns: ['n', 's'], rows });
    rows[0]![1] = 'changed';
    expect(head.rows).toEqual([[1, 'a']]);
  });
});
