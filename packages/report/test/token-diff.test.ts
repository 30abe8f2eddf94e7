import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadClient } from './client-script.js';

interface Chunk {
  op: '=' | '-' | '+';
  text: string;
}
const { textDiff, sqlTokens } = loadClient<{
  textDiff: (a: string, b: string) => Chunk[];
  sqlTokens: (text: string) => string[];
}>(['token-diff.js'], ['textDiff', 'sqlTokens']);

const side = (chunks: Chunk[], op: '-' | '+') =>
  chunks
    .filter((c) => c.op === '=' || c.op === op)
    .map((c) => c.text)
    .join('');

/** Longest common subsequence length of two token lists (the classic table). */
function lcs(a: string[], b: string[]): number {
  const row = new Array(b.length + 1).fill(0);
  for (const x of a) {
    let diag = 0;
    for (let j = 1; j <= b.length; j++) {
      const up = row[j];
      row[j] = x === b[j - 1] ? diag + 1 : Math.max(row[j], row[j - 1]);
      diag = up;
    }
  }
  return row[b.length];
}

const sqlish = fc
  .array(
    fc.constantFrom(
      'SELECT',
      'a',
      'b',
      ',',
      ' ',
      '\n',
      '"c"',
      "'x'",
      '(',
      ')',
      'FROM',
      't',
      '1',
      'é',
      '😀',
    ),
    {
      maxLength: 40,
    },
  )
  .map((parts) => parts.join(''));

describe('sqlTokens', () => {
  it('loses nothing: the tokens join back to the text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        expect(sqlTokens(text).join('')).toBe(text);
      }),
    );
  });

  it('keeps quoted names, strings and words whole', () => {
    expect(sqlTokens(`SELECT "c"."Country", 'it''s' FROM t1`)).toEqual([
      'SELECT',
      ' ',
      '"c"',
      '.',
      '"Country"',
      ',',
      ' ',
      "'it''s'",
      ' ',
      'FROM',
      ' ',
      't1',
    ]);
  });
});

describe('textDiff', () => {
  it('gives both texts back: = and - make the gold, = and + the prediction', () => {
    fc.assert(
      fc.property(fc.oneof(sqlish, fc.string()), fc.oneof(sqlish, fc.string()), (a, b) => {
        const chunks = textDiff(a, b);
        expect(side(chunks, '-')).toBe(a);
        expect(side(chunks, '+')).toBe(b);
      }),
    );
  });

  it('is a shortest edit: the kept tokens are a longest common subsequence', () => {
    fc.assert(
      fc.property(sqlish, sqlish, (a, b) => {
        const kept = textDiff(a, b)
          .filter((c) => c.op === '=')
          .reduce((n, c) => n + sqlTokens(c.text).length, 0);
        expect(kept).toBe(lcs(sqlTokens(a), sqlTokens(b)));
      }),
    );
  });

  it('marks what changed in a real pair', () => {
    const chunks = textDiff(
      'SELECT a FROM t ORDER BY a DESC',
      'SELECT a FROM t ORDER BY a ASC LIMIT 5',
    );
    expect(chunks.filter((c) => c.op === '-').map((c) => c.text)).toEqual(['DESC']);
    expect(chunks.filter((c) => c.op === '+').map((c) => c.text.trim())).toEqual(['ASC LIMIT 5']);
  });

  it('equal texts are one kept chunk; empty sides are all inserted or deleted', () => {
    expect(textDiff('SELECT 1', 'SELECT 1')).toEqual([{ op: '=', text: 'SELECT 1' }]);
    expect(textDiff('', 'SELECT 1')).toEqual([{ op: '+', text: 'SELECT 1' }]);
    expect(textDiff('SELECT 1', '')).toEqual([{ op: '-', text: 'SELECT 1' }]);
    expect(textDiff('', '')).toEqual([]);
  });

  it('stays fast and correct on long unrelated SQL (line diff, then wholesale)', () => {
    const a = Array.from({ length: 4000 }, (_, i) => `col_${i}`).join(',\n');
    const b = Array.from({ length: 4000 }, (_, i) => `other_${i}`).join(',\n');
    const started = performance.now();
    const chunks = textDiff(a, b);
    expect(performance.now() - started).toBeLessThan(5000);
    expect(side(chunks, '-')).toBe(a);
    expect(side(chunks, '+')).toBe(b);
  });
});
