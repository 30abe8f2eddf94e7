import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { postgresTokens } from '../src/postgres-tokens.js';

const kinds = (sql: string) => postgresTokens(sql).map((t) => [t.kind, t.text]);

describe('postgresTokens', () => {
  it('ends a -- comment at a line feed or a carriage return', () => {
    expect(kinds('SELECT 1 -- a ; b\n;')).toEqual([
      ['word', 'SELECT'],
      ['other', '1'],
      ['comment', '-- a ; b'],
      ['other', ';'],
    ]);
    expect(kinds('SELECT 1 --\r; DROP')).toEqual([
      ['word', 'SELECT'],
      ['other', '1'],
      ['comment', '--'],
      ['other', ';'],
      ['word', 'DROP'],
    ]);
  });

  it('nests block comments', () => {
    expect(kinds('/* a /* b */ ; */ x')).toEqual([
      ['comment', '/* a /* b */ ; */'],
      ['word', 'x'],
    ]);
    expect(postgresTokens('/* open /* only */ ; DROP')).toEqual([
      { kind: 'comment', text: '/* open /* only */ ; DROP', start: 0, end: 25, unterminated: true },
    ]);
  });

  it('reads dollar quotes with and without a tag, and not inside a name', () => {
    expect(kinds("SELECT $$ ' ; $$, $a$ $$ ; $a$")).toEqual([
      ['word', 'SELECT'],
      ['string', "$$ ' ; $$"],
      ['other', ','],
      ['string', '$a$ $$ ; $a$'],
    ]);
    expect(kinds('SELECT a$$b$$ ; $1')).toEqual([
      ['word', 'SELECT'],
      ['word', 'a$$b$$'],
      ['other', ';'],
      ['other', '$'],
      ['other', '1'],
    ]);
  });

  it("honours backslash escapes only in E'' strings", () => {
    expect(kinds("SELECT E'\\';' ;")).toEqual([
      ['word', 'SELECT'],
      ['string', "E'\\';'"],
      ['other', ';'],
    ]);
    expect(kinds("SELECT '\\'; x")).toEqual([
      ['word', 'SELECT'],
      ['string', "'\\'"],
      ['other', ';'],
      ['word', 'x'],
    ]);
    expect(kinds("SELECT e'a''b', x'ff', b'01', n'é', U&'d\\0061t'")).toEqual([
      ['word', 'SELECT'],
      ['string', "e'a''b'"],
      ['other', ','],
      ['string', "x'ff'"],
      ['other', ','],
      ['string', "b'01'"],
      ['other', ','],
      ['string', "n'é'"],
      ['other', ','],
      ['string', "U&'d\\0061t'"],
    ]);
  });

  it('reads quoted names, U&"" names included, with doubled quotes', () => {
    expect(kinds('SELECT "a"";b", U&"c;" FROM t')).toEqual([
      ['word', 'SELECT'],
      ['quoted', '"a"";b"'],
      ['other', ','],
      ['quoted', 'U&"c;"'],
      ['word', 'FROM'],
      ['word', 't'],
    ]);
  });

  it('covers the text without overlaps: every character is in a token or is whitespace', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...'ab$E\'";-/*\n\r \\()eU&x1.'.split('')) }),
        (sql) => {
          let at = 0;
          for (const token of postgresTokens(sql)) {
            expect(token.start).toBeGreaterThanOrEqual(at);
            expect(sql.slice(at, token.start).trim()).toBe('');
            expect(token.end).toBeGreaterThan(token.start);
            expect(sql.slice(token.start, token.end)).toBe(token.text);
            at = token.end;
          }
          expect(sql.slice(at).trim()).toBe('');
        },
      ),
    );
  });
});
