import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TextPool } from '../src/text-pool.js';

describe('TextPool', () => {
  it('gives back every text unchanged, and equal texts as one string', () => {
    // Any UTF-16 text, lone surrogates included (a double-quoted YAML escape can make one).
    const text = fc.string({ unit: 'binary' });
    fc.assert(
      fc.property(fc.array(text, { maxLength: 30 }), (texts) => {
        const pool = new TextPool();
        const pooled = texts.map((t) => pool.text(t));
        expect(pooled).toEqual(texts);
        for (const [i, t] of texts.entries()) expect(pool.text(`${t}`)).toBe(pooled[i]);
        expect(pool.size).toBe(new Set(texts).size);
      }),
    );
  });

  it('holds one string per distinct text however often each is read', () => {
    const pool = new TextPool();
    const file = 'kind: column\n'.repeat(10_000);
    for (let at = 0; at < file.length; at += 13) pool.text(file.slice(at + 6, at + 12));
    expect(pool.size).toBe(1);
    expect(pool.text('column')).toBe('column');
  });
});
