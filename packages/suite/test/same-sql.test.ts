import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sameSql, sqlKey } from '../src/index.js';

// SQL-ish words and quoted literals, joined by arbitrary whitespace.
const word = fc.constantFrom('SELECT', 'a', 'FROM', 't', 'WHERE', 'x', '=', '1', '(', ')', ',');
const literal = fc.string({ maxLength: 6 }).map((s) => `'${s.replace(/'/g, "''")}'`);
const token = fc.oneof(word, literal);
const gap = fc.stringMatching(/^[ \t\r\n]{1,4}$/);

describe('sameSql (how the review queue compares proposed SQL)', () => {
  it('sets aside how whitespace outside quotes is laid out, and ends', () => {
    fc.assert(
      fc.property(
        fc.array(token, { minLength: 1, maxLength: 12 }),
        fc.array(gap, { minLength: 12, maxLength: 12 }),
        fc.boolean(),
        (tokens, gaps, semicolon) => {
          const plain = tokens.join(' ');
          const reflowed = `\n  ${tokens.map((t, i) => `${t}${gaps[i]}`).join('')}${semicolon ? ';' : ''}\n`;
          expect(sameSql(plain, reflowed)).toBe(true);
          expect(sqlKey(reflowed)).toBe(plain);
        },
      ),
    );
  });

  it('keeps quoted text byte for byte: a literal with other spaces is another query', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 8 }), (s) => {
        const text = s.replace(/'/g, '');
        const a = `SELECT * FROM t WHERE name = '${text} x'`;
        const b = `SELECT * FROM t WHERE name = '${text}  x'`;
        expect(sameSql(a, b)).toBe(false);
        expect(sqlKey(a)).toContain(`'${text} x'`);
      }),
    );
    expect(sameSql('SELECT "a  b" FROM t', 'SELECT "a b" FROM t')).toBe(false);
    expect(sameSql('SELECT [a  b] FROM t', 'SELECT [a b] FROM t')).toBe(false);
    expect(sqlKey("SELECT 'it''s  ok'   FROM t")).toBe("SELECT 'it''s  ok' FROM t");
  });

  it('does not normalise anything that can change meaning', () => {
    expect(sameSql('SELECT a FROM t', 'select a from t')).toBe(false);
    expect(sameSql('SELECT a FROM t', 'SELECT a AS a FROM t')).toBe(false);
    expect(sameSql('SELECT a FROM t WHERE x < 1', 'SELECT a FROM t WHERE x <= 1')).toBe(false);
  });
});
