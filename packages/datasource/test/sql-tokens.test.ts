import { describe, expect, it } from 'vitest';
import { sqlTokens } from '../src/sql-tokens.js';

const texts = (sql: string) => sqlTokens(sql).map((t) => t.text);

describe('sqlTokens', () => {
  it('skips whitespace and both comment styles', () => {
    expect(texts('SELECT /* a; b */ 1 -- c; d\n;')).toEqual(['SELECT', '1', ';']);
  });

  it('keeps semicolons inside strings and quoted names as part of the token', () => {
    expect(texts(`SELECT 'a;''b', "x;""y", \`q;\`, [w;] FROM t`)).toEqual([
      'SELECT',
      "'a;''b'",
      ',',
      '"x;""y"',
      ',',
      '`q;`',
      ',',
      '[w;]',
      'FROM',
      't',
    ]);
  });

  it('labels kinds and offsets', () => {
    expect(sqlTokens(" x 'y'")).toEqual([
      { kind: 'word', text: 'x', start: 1, end: 2 },
      { kind: 'string', text: "'y'", start: 3, end: 6 },
    ]);
  });

  it('runs an unterminated string or comment to the end', () => {
    expect(texts("SELECT 'abc; DROP")).toEqual(['SELECT', "'abc; DROP"]);
    expect(texts('SELECT 1 /* ; DROP')).toEqual(['SELECT', '1']);
  });
});
