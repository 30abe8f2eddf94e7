import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ColumnProfile } from '../src/column-profile.js';
import { literalNode, numberNeighbours, stringNeighbours } from '../src/literal-neighbours.js';

describe('numberNeighbours', () => {
  it('steps the last digit either way, at the literal precision', () => {
    expect(numberNeighbours('10')).toEqual(['9', '11']);
    expect(numberNeighbours('0.99')).toEqual(['0.98', '1.00']);
    expect(numberNeighbours('abc')).toEqual([]);
  });

  it('property: two neighbours, neither equal to the literal, each one step away', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000, max: 10_000 }), fc.nat(3), (n, decimals) => {
        const text = (n / 10 ** decimals).toFixed(decimals);
        const found = numberNeighbours(text);
        expect(found).toHaveLength(2);
        for (const x of found) {
          expect(x).not.toBe(text);
          expect(Math.abs(Number(x) - Number(text))).toBeCloseTo(10 ** -decimals, 9);
        }
      }),
    );
  });
});

describe('stringNeighbours', () => {
  it('widens and narrows a LIKE pattern', () => {
    expect(stringNeighbours('Rock%', true, undefined)).toEqual(['%Rock%', 'Rock']);
  });

  it('moves a date a year and a day either way, in its own shape', () => {
    expect(stringNeighbours('2024-03-01', false, undefined)).toEqual([
      '2023-03-01',
      '2025-03-01',
      '2024-02-29',
      '2024-03-02',
    ]);
  });

  it("takes the column's nearest values, else the other letter case", () => {
    const column: ColumnProfile = {
      table: 'Genre',
      column: 'Name',
      kind: 'text',
      nullable: false,
      sample: ['Blues', 'Jazz', 'Rock'],
      nullShare: 0,
    };
    expect(stringNeighbours('Metal', false, column)).toEqual(['Jazz', 'Rock']);
    expect(stringNeighbours('Rock', false, undefined)).toEqual(['rock']);
    expect(stringNeighbours('rock', false, undefined)).toEqual(['ROCK']);
  });
});

describe('literalNode', () => {
  it('writes a negative number as a negation, as the parser does', () => {
    expect(literalNode('number', '-3')).toEqual({
      neg: { this: { literal: { literal_type: 'number', value: '3' } } },
    });
    expect(literalNode('string', 'x')).toEqual({ literal: { literal_type: 'string', value: 'x' } });
  });
});
