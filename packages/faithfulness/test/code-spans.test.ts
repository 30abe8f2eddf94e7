import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blankCode } from '../src/code-spans.js';

describe('blankCode', () => {
  it('blanks fenced blocks, keeping line breaks', () => {
    const text = 'a 1\n```sql\nSELECT 2\n```\nb 3';
    expect(blankCode(text)).toBe('a 1\n      \n        \n   \nb 3');
  });

  it('blanks inline spans of matching backtick runs only', () => {
    expect(blankCode('x `LIMIT 10` y ``a ` b`` z')).toBe(
      `x ${' '.repeat(10)} y ${' '.repeat(9)} z`,
    );
    expect(blankCode('an ` unmatched 5')).toBe('an ` unmatched 5');
  });

  it('blanks an unclosed fence to the end, and tilde fences too', () => {
    expect(blankCode('a\n~~~\n5\n~~~\nb')).toBe('a\n   \n \n   \nb');
    expect(blankCode('a\n```\n5')).toBe('a\n   \n ');
  });

  it('keeps length and line breaks on any text', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a `~\n5]{0,60}$/), (text) => {
        const blanked = blankCode(text);
        expect(blanked).toHaveLength(text.length);
        expect([...blanked].filter((c) => c === '\n')).toHaveLength(
          [...text].filter((c) => c === '\n').length,
        );
      }),
    );
  });
});
