// Reading predictions files: each layout's records with the line they start on, the layout
// told by extension and content, and every problem of a file refused at once with its place.
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  PredictionsFileError,
  parsePredictions,
  predictionLayout,
  readPredictions,
} from '../src/index.js';

function problems(text: string, file: string, layout: Parameters<typeof parsePredictions>[2]) {
  try {
    parsePredictions(text, file, layout);
  } catch (error) {
    if (error instanceof PredictionsFileError)
      return error.problems.map((p) => `${p.line}: ${p.problem}`);
    throw error;
  }
  throw new Error('no problem found');
}

describe('predictionLayout', () => {
  test('by extension, and lines of SQL by their first line', () => {
    expect(predictionLayout('a.jsonl', '')).toBe('jsonl');
    expect(predictionLayout('a.NDJSON', '')).toBe('jsonl');
    expect(predictionLayout('a.csv', '')).toBe('csv');
    expect(predictionLayout('predict_dev.json', '{}')).toBe('bird');
    expect(predictionLayout('pred.sql', 'SELECT 1\tdb\n')).toBe('spider');
    expect(predictionLayout('pred.txt', '\nSELECT 1\t----- bird -----\tdb\n')).toBe('bird');
  });
});

describe('parsePredictions', () => {
  test('JSONL: ids, roles, answers; k lines and a candidates list are candidates', () => {
    const text = [
      '{"id":"a","sql":"SELECT 1","answer":"One."}',
      '',
      '{"id":"b","role":"sales","candidates":["SELECT 2",{"sql":"SELECT 3","answer":"3"}]}',
    ].join('\r\n');
    const read = parsePredictions(text, 'p.jsonl', 'jsonl');
    expect(read.records).toEqual([
      {
        line: 1,
        id: 'a',
        position: null,
        role: null,
        dbId: null,
        candidates: [{ sql: 'SELECT 1', answer: 'One.' }],
      },
      {
        line: 3,
        id: 'b',
        position: null,
        role: 'sales',
        dbId: null,
        candidates: [
          { sql: 'SELECT 2', answer: null },
          { sql: 'SELECT 3', answer: '3' },
        ],
      },
    ]);
    expect(read.digest).toMatch(/^[0-9a-f]{64}$/);
  });

  test('CSV: a quoted SQL over two lines starts on its record line', () => {
    const text = 'id,sql,role\na,"SELECT 1,\n2",\nb,SELECT 3,sales\n';
    const read = parsePredictions(text, 'p.csv', 'csv');
    expect(read.records.map((r) => [r.line, r.id, r.role, r.candidates[0]?.sql])).toEqual([
      [2, 'a', null, 'SELECT 1,\n2'],
      [4, 'b', 'sales', 'SELECT 3'],
    ]);
  });

  test("Spider's and BIRD's lines: positions in order, db_ids kept", () => {
    const spider = parsePredictions('SELECT 1\nSELECT 2\tconcert\n', 'pred.sql', 'spider');
    expect(spider.records.map((r) => [r.position, r.dbId, r.candidates[0]?.sql])).toEqual([
      [0, null, 'SELECT 1'],
      [1, 'concert', 'SELECT 2'],
    ]);
    const bird = parsePredictions(
      '{\n    "0": "SELECT a\\tb\\t----- bird -----\\tcodebase",\n    "1": "SELECT 2\\t----- bird -----\\tf1"\n}',
      'predict_dev.json',
      'bird',
    );
    expect(bird.records.map((r) => [r.line, r.position, r.dbId, r.candidates[0]?.sql])).toEqual([
      [2, 0, 'codebase', 'SELECT a\tb'],
      [3, 1, 'f1', 'SELECT 2'],
    ]);
  });

  test('every problem of a file, each on its line', () => {
    const text = [
      '{"id":"a","sql":""}',
      'not json',
      '{"sql":"SELECT 1"}',
      '{"id":"b","sql":"x","extra":1}',
      '[1]',
    ].join('\n');
    expect(problems(text, 'p.jsonl', 'jsonl')).toEqual([
      '1: sql: empty SQL',
      expect.stringMatching(/^2: not JSON/),
      '3: id: missing (the case id the SQL answers)',
      expect.stringMatching(/^4: unknown field\(s\) extra/),
      '5: not a JSON object {id, sql, ...}',
    ]);
    expect(problems('{"id":"a","sql":"x","candidates":["y"]}', 'p.jsonl', 'jsonl')).toEqual([
      '1: give sql or candidates, not both',
    ]);
    expect(problems('{"id":"a","candidates":["x",""]}', 'p.jsonl', 'jsonl')).toEqual([
      '1: candidates[1]: empty SQL',
    ]);
    expect(problems('SELECT 1\t----- bird -----\tdb\nSELECT 2\n', 'p.txt', 'bird')).toEqual([
      expect.stringMatching(/^2: not BIRD's layout/),
    ]);
    expect(problems('{"a": "x"}', 'p.json', 'bird')).toEqual([
      expect.stringMatching(/^1: key "a": BIRD's keys are the questions' indices/),
    ]);
    expect(problems('id,sql\na,"SELECT 1\n', 'p.csv', 'csv')).toEqual([
      expect.stringMatching(/not CSV/),
    ]);
    expect(problems('', 'p.sql', 'spider')).toEqual(['undefined: no predictions (read as spider)']);
    expect(problems('{"id":"a","sql":"SELECT 1"}\n', 'p.sql', 'spider')).toEqual([
      '1: a JSON object, not SQL: a JSONL file is named .jsonl',
    ]);
    expect(problems('id,sql\na,SELECT 1\n', 'p.txt', 'spider')).toEqual([
      '1: a CSV header, not SQL: a CSV file is named .csv',
    ]);
  });

  test('property: any SQL without tabs or newlines reads back from a Spider file in order', () => {
    const sql = fc.string({ minLength: 1 }).filter(
      (s) =>
        s.trim() !== '' &&
        !/[\t\r\n]/.test(s) &&
        !s.startsWith('\uFEFF') &&
        // What another layout's record looks like is refused, on purpose.
        !s.trim().startsWith('{') &&
        !/^"?id"?\s*,/i.test(s.trim()),
    );
    fc.assert(
      fc.property(fc.array(sql, { minLength: 1, maxLength: 20 }), (sqls) => {
        const read = parsePredictions(`${sqls.join('\n')}\n`, 'pred.sql', 'spider');
        expect(read.records.map((r) => r.candidates[0]?.sql)).toEqual(sqls.map((s) => s.trim()));
        expect(read.records.map((r) => r.line)).toEqual(sqls.map((_, i) => i + 1));
      }),
    );
  });
});

describe('readPredictions', () => {
  test('the digest is of the bytes; an unreadable file is one located problem', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nl2sql-predictions-'));
    writeFileSync(join(dir, 'p.jsonl'), '{"id":"a","sql":"SELECT 1"}\n');
    const read = await readPredictions(join(dir, 'p.jsonl'), { file: 'p.jsonl' });
    expect(read).toMatchObject({ file: 'p.jsonl', layout: 'jsonl' });
    expect(read.digest).toBe(
      createHash('sha256').update('{"id":"a","sql":"SELECT 1"}\n').digest('hex'),
    );
    await expect(readPredictions(join(dir, 'none.jsonl'), { file: 'none.jsonl' })).rejects.toThrow(
      /^none\.jsonl: cannot read/,
    );
  });
});
