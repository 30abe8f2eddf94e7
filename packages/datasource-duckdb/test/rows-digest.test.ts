import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rowsDigest } from '../src/rows-digest.js';

const cell = fc.oneof(
  fc.constant(null),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.string(),
  fc.bigInt(),
  fc.uint8Array().map((a) => Buffer.from(a)),
);

describe('rowsDigest', () => {
  it('does not depend on row order, and counts duplicates', () => {
    fc.assert(
      fc.property(fc.array(fc.array(cell, { minLength: 2, maxLength: 2 })), (rows) => {
        const reversed = rowsDigest([...rows].reverse());
        expect(reversed.sha256).toBe(rowsDigest(rows).sha256);
        if (rows.length > 0) {
          expect(rowsDigest([...rows, rows[0]!]).sha256).not.toBe(rowsDigest(rows).sha256);
        }
      }),
    );
  });

  it('compares cells as JSON cells: a safe bigint equals its number, a changed cell differs', () => {
    expect(rowsDigest([[1n, 'a']]).sha256).toBe(rowsDigest([[1, 'a']]).sha256);
    expect(rowsDigest([[1, 'a']]).sha256).not.toBe(rowsDigest([[1, 'b']]).sha256);
    expect(rowsDigest([[1, null]]).sha256).not.toBe(rowsDigest([[1, 'null']]).sha256);
  });
});
