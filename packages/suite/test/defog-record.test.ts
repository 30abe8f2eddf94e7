import { describe, expect, it } from 'vitest';
import { parsePairs } from '../src/index.js';

const HEADER = 'db_name,db_type,query_category,query,question,instructions';

describe('a defog sql-eval questions CSV', () => {
  it('makes the first gold sql and the rest alt_sql, db_name the datasource, instructions the case’s, query_category a tag', () => {
    const { pairs, problems } = parsePairs(
      [
        HEADER,
        'academic,sqlite,order_by,"SELECT a FROM t;SELECT b FROM t;",Which a?,Always filter names using an exact match',
        'academic,sqlite,order_by,SELECT a FROM t,Just a?,',
      ].join('\n'),
      'questions_gen_sqlite.csv',
      'csv',
    );
    expect(problems).toEqual([]);
    expect(pairs.map((p) => [p.line, p.pair])).toEqual([
      [
        2,
        {
          question: 'Which a?',
          sql: 'SELECT a FROM t',
          alt_sql: ['SELECT b FROM t'],
          datasource: 'academic',
          instructions: 'Always filter names using an exact match',
          tags: ['query_category:order_by'],
        },
      ],
      [
        3,
        {
          question: 'Just a?',
          sql: 'SELECT a FROM t',
          datasource: 'academic',
          tags: ['query_category:order_by'],
        },
      ],
    ]);
  });

  it('locates a record whose query cannot be expanded, or has no question, and reads the rest', () => {
    const { pairs, problems } = parsePairs(
      [
        HEADER,
        'a,sqlite,x,"SELECT {a FROM t",Q?,',
        'a,sqlite,x,SELECT 1,,',
        'a,sqlite,x,SELECT 2,Two?,',
      ].join('\n'),
      'q.csv',
      'csv',
    );
    expect(pairs.map((p) => p.pair.sql)).toEqual(['SELECT 2']);
    expect(problems.map((p) => p.message)).toEqual([
      'q.csv:2: query: a { without its } at character 8',
      expect.stringMatching(/^q\.csv:3: .*question/),
    ]);
  });

  it('refuses a header with a column sql-eval does not have, at line 1', () => {
    expect(() => parsePairs('query,question,k_shot_prompt\n', 'q.csv', 'csv')).toThrow(
      /^q\.csv:1: a defog sql-eval questions file \(a query column\) has unknown column\(s\) k_shot_prompt/,
    );
  });
});
