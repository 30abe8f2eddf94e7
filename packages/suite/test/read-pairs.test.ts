import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PairsFileError, pairFileFormat, parsePairs, readPairs } from '../src/index.js';

function fileError(run: () => unknown): PairsFileError {
  try {
    run();
  } catch (error) {
    if (error instanceof PairsFileError) return error;
    throw error;
  }
  throw new Error('expected a PairsFileError');
}

describe('parsePairs: JSONL', () => {
  it('reads each non-blank line as a pair at its line, and locates every bad one', () => {
    const text = [
      '{"question": "How many orders?", "sql": "SELECT count(*) FROM orders"}',
      '',
      '{"question": "Names", "sql": "SELECT name FROM customers", "id": "names", "tags": ["single-table"], "order_matters": true, "datasource": "shop"}',
      '{"question": "broken", "sql": ',
      '{"question": "no sql"}',
      '{"question": "x", "sql": "SELECT 1", "colour": "red"}',
      '{"question": "x", "sql": "SELECT 1", "tags": ["non sense"]}',
      '[1, 2]',
    ].join('\n');
    const { pairs, problems } = parsePairs(text, 'pairs.jsonl', 'jsonl');
    expect(pairs.map((p) => [p.line, p.pair.question])).toEqual([
      [1, 'How many orders?'],
      [3, 'Names'],
    ]);
    expect(pairs[1]?.pair).toEqual({
      question: 'Names',
      sql: 'SELECT name FROM customers',
      id: 'names',
      tags: ['single-table'],
      order_matters: true,
      datasource: 'shop',
    });
    expect(problems.map((p) => p.line)).toEqual([4, 5, 6, 7, 8]);
    expect(problems[0]?.message).toMatch(/^pairs\.jsonl:4: not a JSON object: /);
    expect(problems[1]?.message).toBe("pairs.jsonl:5: sql: missing required field 'sql'");
    expect(problems[2]?.message).toMatch(/^pairs\.jsonl:6: colour: /);
    expect(problems[3]?.message).toMatch(/^pairs\.jsonl:7: tags\[0\]: /);
  });

  it('reads CRLF files at the same lines', () => {
    const text =
      '{"question": "a", "sql": "SELECT 1"}\r\n\r\n{"question": "b", "sql": "SELECT 2"}\r\n';
    expect(parsePairs(text, 'p.jsonl', 'jsonl').pairs.map((p) => p.line)).toEqual([1, 3]);
  });
});

describe('parsePairs: CSV', () => {
  it('reads a header and records, a quoted multi-line SQL at the line it starts', () => {
    const text = [
      'id,question,sql,tags,order_matters',
      'a1,How many orders?,SELECT count(*) FROM orders,aggregation,false',
      '',
      'a2,"Names, sorted","SELECT name',
      'FROM customers',
      'ORDER BY name",single-table order-limit,yes',
      ',Anything?,SELECT 1,,',
    ].join('\n');
    const { pairs, problems } = parsePairs(text, 'p.csv', 'csv');
    expect(problems).toEqual([]);
    expect(pairs.map((p) => p.line)).toEqual([2, 4, 7]);
    expect(pairs[1]?.pair).toEqual({
      id: 'a2',
      question: 'Names, sorted',
      sql: 'SELECT name\nFROM customers\nORDER BY name',
      tags: ['single-table', 'order-limit'],
      order_matters: true,
    });
    // Empty cells are absent fields, not empty strings.
    expect(pairs[2]?.pair).toEqual({ question: 'Anything?', sql: 'SELECT 1' });
  });

  it('locates a record with too many fields and one with a bad value, and reads the rest', () => {
    const text = [
      'question,sql,order_matters',
      'ok?,SELECT 1,false',
      'unquoted, comma?,SELECT 2,false',
      'bad flag,SELECT 3,maybe',
      'fine,SELECT 4,',
    ].join('\n');
    const { pairs, problems } = parsePairs(text, 'p.csv', 'csv');
    expect(pairs.map((p) => p.line)).toEqual([2, 5]);
    expect(problems.map((p) => p.message)).toEqual([
      'p.csv:3: 4 field(s), the header has 3 (quote a value that holds a comma)',
      'p.csv:4: order_matters: must be true or false (or yes/no, 1/0), got "maybe"',
    ]);
  });

  it('reads back any quoted pairs at the lines they start, with LF or CRLF and a BOM (property)', () => {
    const text = fc
      .array(fc.constantFrom('a', 'B', '1', ' ', ',', '"', '\n', '*', "'"), {
        minLength: 1,
        maxLength: 12,
      })
      .map((chars) => chars.join('').trim())
      .filter((t) => t !== '');
    fc.assert(
      fc.property(
        fc.array(fc.tuple(text, text), { minLength: 1, maxLength: 6 }),
        fc.boolean(),
        fc.boolean(),
        (pairs, crlf, bom) => {
          const quote = (v: string) => `"${v.replace(/"/g, '""')}"`;
          const lines = ['question,sql', ...pairs.map(([q, sql]) => `${quote(q)},${quote(sql)}`)];
          const eol = crlf ? '\r\n' : '\n';
          const csv = (bom ? '\ufeff' : '') + lines.join('\n').replace(/\n/g, eol);
          const { pairs: read, problems } = parsePairs(csv, 'p.csv', 'csv');
          expect(problems).toEqual([]);
          let line = 2;
          const expected = pairs.map(([question, sql]) => {
            const at = line;
            line += 1 + (`${question}${sql}`.match(/\n/g)?.length ?? 0);
            return { pair: { question, sql }, file: 'p.csv', line: at };
          });
          expect(read).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('refuses a header without question or sql, or with an unknown column, at line 1', () => {
    // (`question,query` is a defog sql-eval questions file: see the defog tests.)
    const missing = fileError(() => parsePairs('question,answer\nq,SELECT 1\n', 'p.csv', 'csv'));
    expect(missing.message).toMatch(
      /^p\.csv:1: unknown column\(s\) answer; missing column\(s\) sql/,
    );
    expect(missing.code).toBe('PAIRS_FORMAT');
  });

  it("reads alt_sql as the cell's queries separated by ; (a ; in a literal is text), and locates one that does not split", () => {
    const { pairs, problems } = parsePairs(
      [
        'question,sql,alt_sql',
        `q1,SELECT 1,"SELECT 'a;b' ; SELECT 2;"`,
        `q2,SELECT 1,"SELECT 'open"`,
      ].join('\n'),
      'p.csv',
      'csv',
    );
    expect(pairs.map((p) => p.pair)).toEqual([
      { question: 'q1', sql: 'SELECT 1', alt_sql: ["SELECT 'a;b'", 'SELECT 2'] },
    ]);
    expect(problems.map((p) => p.message)).toEqual([
      "p.csv:3: alt_sql: unterminated ' quote starting at character 8",
    ]);
  });

  it('refuses quoting that never closes, at its line', () => {
    const error = fileError(() =>
      parsePairs('question,sql\nok,SELECT 1\n"open,SELECT 2\nmore\n', 'p.csv', 'csv'),
    );
    expect(error.code).toBe('PAIRS_SYNTAX');
    expect(error.file).toBe('p.csv');
    expect(error.line).toBeGreaterThanOrEqual(3);
  });
});

describe('parsePairs: YAML', () => {
  it('reads a list of maps at the line each starts, and locates bad items', () => {
    const text = [
      '# pairs',
      '- question: How many orders?',
      '  sql: SELECT count(*) FROM orders',
      '- question: Names',
      '  sql: |',
      '    SELECT name',
      '    FROM customers',
      '  tags: [single-table]',
      '- just a string',
      '- question: no sql',
    ].join('\n');
    const { pairs, problems } = parsePairs(text, 'p.yaml', 'yaml');
    expect(pairs.map((p) => [p.line, p.pair.sql])).toEqual([
      [2, 'SELECT count(*) FROM orders'],
      [4, 'SELECT name\nFROM customers\n'],
    ]);
    expect(problems.map((p) => p.message)).toEqual([
      'p.yaml:9: not a map of question, sql, ...',
      "p.yaml:10: sql: missing required field 'sql'",
    ]);
  });

  it('refuses a file that is not a list, and YAML that does not parse, located', () => {
    expect(fileError(() => parsePairs('question: x\nsql: y\n', 'p.yaml', 'yaml')).message).toBe(
      'p.yaml:1: a YAML pairs file is a list of {question, sql, ...} maps',
    );
    const syntax = fileError(() => parsePairs('- question: [x\n- sql: y\n', 'p.yaml', 'yaml'));
    expect(syntax.code).toBe('PAIRS_SYNTAX');
    expect(syntax.line).toBeDefined();
  });
});

describe('readPairs', () => {
  it('tells the format by the extension and refuses others', async () => {
    expect(pairFileFormat('a/b.JSONL')).toBe('jsonl');
    expect(pairFileFormat('b.ndjson')).toBe('jsonl');
    expect(pairFileFormat('b.yml')).toBe('yaml');
    expect(fileError(() => pairFileFormat('b.txt')).message).toMatch(/^b\.txt: cannot tell/);
  });

  it('reads a file, names it as asked, and reports a missing one as PAIRS_READ', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'nl2sql-pairs-'));
    const path = join(dir, 'p.csv');
    await writeFile(path, 'question,sql\nq,SELECT 1\n');
    const { pairs } = await readPairs(path, 'p.csv');
    expect(pairs).toEqual([{ pair: { question: 'q', sql: 'SELECT 1' }, file: 'p.csv', line: 2 }]);
    await expect(readPairs(join(dir, 'none.csv'))).rejects.toMatchObject({ code: 'PAIRS_READ' });
  });
});
