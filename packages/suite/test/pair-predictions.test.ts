// Matching predictions to a suite's cases: by id or by position, candidates grouped per case
// and role, and every record that names what the suite lacks refused with its line.
import { describe, expect, test } from 'vitest';
import {
  type EvalCase,
  type EvalSuite,
  PredictionsFileError,
  pairPredictions,
  parsePredictions,
} from '../src/index.js';

const kase = (id: string, datasource: string, roles: string[]): EvalCase => ({
  id,
  question: `Question ${id}?`,
  datasource,
  source: 'hand',
  tags: [],
  order_matters: false,
  outcome: Object.fromEntries(roles.map((r) => [r, 'allowed'])),
  tables: [],
  columns: [],
  sql: 'SELECT 1',
});

const SUITE: EvalSuite = {
  name: 'tiny',
  version: 1,
  cases: [
    kase('a', 'shop', ['admin', 'sales']),
    kase('b', 'shop', ['admin']),
    kase('c', 'hr', ['admin']),
  ],
};

function problems(text: string, file: string, layout: Parameters<typeof parsePredictions>[2]) {
  try {
    pairPredictions(parsePredictions(text, file, layout), SUITE);
  } catch (error) {
    if (error instanceof PredictionsFileError)
      return error.problems.map((p) => `${p.line}: ${p.problem}`);
    throw error;
  }
  throw new Error('no problem found');
}

describe('pairPredictions', () => {
  test('by id: a role of its own wins over every role; repeated ids are candidates; missing is null', () => {
    const text = [
      '{"id":"a","sql":"SELECT 1"}',
      '{"id":"a","role":"sales","sql":"SELECT 2"}',
      '{"id":"a","sql":"SELECT 3"}',
    ].join('\n');
    const set = pairPredictions(parsePredictions(text, 'p.jsonl', 'jsonl'), SUITE);
    expect(set.k).toBe(2);
    expect(set.cases).toBe(1);
    expect(set.lookup('a', 'admin')?.candidates.map((c) => c.sql)).toEqual([
      'SELECT 1',
      'SELECT 3',
    ]);
    expect(set.lookup('a', 'sales')).toEqual({
      candidates: [{ sql: 'SELECT 2', answer: null }],
      line: 2,
    });
    expect(set.lookup('b', 'admin')).toBeNull();
  });

  test('by position: one SQL per case of the suite, in its order', () => {
    const set = pairPredictions(
      parsePredictions('SELECT 1\nSELECT 2\tshop\nSELECT 3\thr\n', 'pred.sql', 'spider'),
      SUITE,
    );
    expect(['a', 'b', 'c'].map((id) => set.lookup(id, 'admin')?.candidates[0]?.sql)).toEqual([
      'SELECT 1',
      'SELECT 2',
      'SELECT 3',
    ]);
    expect(set.lookup('a', 'sales')?.line).toBe(1);
  });

  test('what the suite lacks, each with its line', () => {
    expect(
      problems(
        [
          '{"id":"z","sql":"x"}',
          '{"id":"a","role":"hr","sql":"x"}',
          '{"id":"c","db_id":"shop","sql":"x"}',
        ].join('\n'),
        'p.jsonl',
        'jsonl',
      ),
    ).toEqual([
      '1: id "z": no case of suite tiny has this id',
      '2: role "hr": case a has no outcome for it (its roles: admin, sales)',
      '3: db_id "shop": case c asks datasource hr',
    ]);
    expect(problems('SELECT 1\nSELECT 2\n', 'pred.sql', 'spider')).toEqual([
      expect.stringMatching(
        /^2: 2 prediction\(s\) for the 3 case\(s\) of suite tiny.*first without one: c\)$/,
      ),
    ]);
    expect(problems('SELECT 1\nSELECT 2\nSELECT 3\nSELECT 4\n', 'pred.sql', 'spider')).toEqual([
      expect.stringMatching(/^4: question 4: suite tiny has 3 case\(s\)/),
    ]);
    expect(
      problems(
        'x\t----- bird -----\tshop\ny\t----- bird -----\tshop\nz\t----- bird -----\tshop\n',
        'p.txt',
        'bird',
      ),
    ).toEqual([
      expect.stringMatching(
        /^3: db_id "shop": case c asks datasource hr \(is the file in the order/,
      ),
    ]);
  });
});
