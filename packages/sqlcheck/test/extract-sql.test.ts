import { describe, expect, it } from 'vitest';
import { extractSql } from '../src/index.js';

describe('extractSql', () => {
  const cases: [string, string, string][] = [
    ['plain SQL', 'SELECT 1', 'SELECT 1'],
    ['trailing semicolon and whitespace', '  SELECT 1;  \n', 'SELECT 1'],
    [
      'sql fence',
      'Here you go:\n```sql\nSELECT Name FROM Artist LIMIT 5;\n```\nThis lists five artists.',
      'SELECT Name FROM Artist LIMIT 5',
    ],
    ['untagged fence', '```\nSELECT 1\n```', 'SELECT 1'],
    ['prefers the sql-tagged fence', '```text\nnot sql\n```\n```sqlite\nSELECT 2\n```', 'SELECT 2'],
    ['tilde fence', '~~~postgresql\nSELECT 3\n~~~', 'SELECT 3'],
    [
      'leading prose without fences',
      'The query is:\nSELECT Title FROM Album LIMIT 3',
      'SELECT Title FROM Album LIMIT 3',
    ],
    ['trailing prose after a semicolon', 'SELECT 1;\nThis returns one.', 'SELECT 1'],
    ['trailing prose after a blank line', 'SELECT 1\n\nExplanation: it returns one.', 'SELECT 1'],
    [
      'keeps a second statement so L1 can see it',
      'SELECT 1;\nDROP TABLE x;',
      'SELECT 1;\nDROP TABLE x',
    ],
    [
      'semicolons in strings and comments do not cut',
      "SELECT 'a; b' AS s -- c; d\nFROM t;\nDone.",
      "SELECT 'a; b' AS s -- c; d\nFROM t",
    ],
    [
      'prose line starting with the word select',
      'Select the top customers:\nSELECT Email FROM Customer LIMIT 5',
      'SELECT Email FROM Customer LIMIT 5',
    ],
    [
      'lower-case query with an upper-case set operation',
      'select a from t\nUNION\nSELECT b from u',
      'select a from t\nUNION\nSELECT b from u',
    ],
    ['lower-case SQL after prose', 'Answer:\nselect 1', 'select 1'],
    ['CRLF line endings', '```sql\r\nSELECT 1\r\n```\r\n', 'SELECT 1'],
    [
      'multi-line query with blank line between clauses',
      'SELECT a\n\nFROM t\n\nWHERE x = 1',
      'SELECT a\n\nFROM t\n\nWHERE x = 1',
    ],
  ];
  for (const [name, input, expected] of cases) {
    it(name, () => {
      expect(extractSql(input)).toBe(expected);
    });
  }
  it('is idempotent', () => {
    for (const [, input] of cases) expect(extractSql(extractSql(input))).toBe(extractSql(input));
  });
});
