import { describe, expect, it } from 'vitest';
import { renderResultHead } from '../src/result-head.js';

describe('result heads', () => {
  it('show the columns, the row count and the first rows as JSON', () => {
    const rows = Array.from({ length: 12 }, (_, i) => [i, `name ${i}`]);
    const text = renderResultHead({ columns: ['id', 'name'], rows }, { rows: 2 });
    expect(text).toBe('columns: ["id","name"]\n12 rows, first 2 shown\n[0,"name 0"]\n[1,"name 1"]');
  });

  it('say when there are no rows, when the result was cut, and when the query failed or did not run', () => {
    expect(renderResultHead({ columns: ['n'], rows: [] })).toBe('columns: ["n"]\n0 rows');
    expect(renderResultHead({ columns: ['n'], rows: [[1], [2]], truncated: true })).toContain(
      'more than 2 rows (the result was cut), first 2 shown',
    );
    expect(renderResultHead({ error: 'no such column: x' })).toBe('error: no such column: x');
    expect(renderResultHead(undefined)).toBe('not run');
  });

  it('show values JSON cannot hold and cut long text', () => {
    const text = renderResultHead(
      {
        columns: ['a', 'b', 'c', 'd', 'e'],
        rows: [[2n ** 64n, Buffer.from('abc'), Number.NaN, null, 'x'.repeat(10)]],
      },
      { cellChars: 4 },
    );
    expect(text.split('\n')[2]).toBe('["18446744073709551616","<3 bytes>","NaN",null,"xxxx..."]');
  });
});
