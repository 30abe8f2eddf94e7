import { describe, expect, it } from 'vitest';
import { type CaseReport, comparisonRows, comparisonTable, selectionReport } from '../src/index.js';

function scored(id: string, recall: number, columns: number, complete: boolean): CaseReport {
  return {
    id,
    question: id,
    status: 'ready',
    tables: [],
    columns: Array.from({ length: columns }, (_, i) => `t.c${i}`),
    relationships: [],
    candidate_columns: columns,
    notes: [],
    paths: [],
    problems: [],
    coverage: {
      tables_recall: 1,
      missing_tables: [],
      columns_recall: recall,
      missing_columns: [],
      relationships_recall: 1,
      missing_relationships: [],
      element_recall: recall,
      complete,
      extra_columns: [],
    },
    reference_query: {
      status: complete ? 'matched' : 'not_run_incomplete_context',
      expected_rows: [],
    },
  };
}

const boundary = (id: string, ok: boolean): CaseReport => ({
  id,
  question: id,
  status: ok ? 'ambiguous_path' : 'ready',
  tables: [],
  columns: [],
  relationships: [],
  candidate_columns: 0,
  notes: [],
  paths: [],
  problems: [],
  expected_status: 'ambiguous_path',
  status_matches_expectation: ok,
});

const report = selectionReport({
  methods: [
    { method: 'candidates only', cases: [scored('a', 0.5, 3, false), boundary('b', false)] },
    {
      method: 'candidates + path completion',
      cases: [scored('a', 1, 10, true), boundary('b', true)],
    },
  ],
});

describe('comparisonTable', () => {
  it("prints 003's five figures per method under the headings, right-aligned", () => {
    expect(comparisonTable(report)).toEqual([
      'method                        mean necessary-column recall  mean candidate columns  complete strategy  reference SQL match  boundary states as expected',
      'candidates only                                      50.0%                     3.0              0 / 1                0 / 1                        0 / 1',
      'candidates + path completion                        100.0%                    10.0              1 / 1                1 / 1                        1 / 1',
    ]);
  });

  it('reads - where a method has no scored case', () => {
    const empty = selectionReport({ methods: [{ method: 'm', cases: [boundary('b', true)] }] });
    expect(comparisonRows(empty)[1]).toEqual(['m', '-', '-', '0 / 0', '0 / 0', '1 / 1']);
  });
});
