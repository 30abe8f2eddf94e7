import { describe, expect, it } from 'vitest';
import {
  type CaseReport,
  type Coverage,
  caseReport,
  methodSummary,
  type SchemaSelection,
  selectionReport,
  summaryCells,
} from '../src/index.js';

const ready = (columns: string[]): SchemaSelection => ({
  status: 'ready',
  tables: [...new Set(columns.map((c) => c.split('.')[0]!))],
  columns,
  relationships: [],
  notes: [],
  paths: [],
  problems: [],
});

const covered = (columnsRecall: number, complete: boolean): Coverage => ({
  strategy: 's',
  tablesRecall: 1,
  missingTables: [],
  columnsRecall,
  missingColumns: [],
  relationshipsRecall: complete ? 1 : 0,
  missingRelationships: [],
  elementRecall: columnsRecall,
  complete,
  extraColumns: [],
});

const cases: CaseReport[] = [
  caseReport({
    id: 'a',
    question: 'qa',
    selection: ready(['t.x', 't.y']),
    coverage: covered(1, true),
    reference: { status: 'matched', expectedRows: [[1]], actualRows: [[1]] },
  }),
  caseReport({
    id: 'b',
    question: 'qb',
    role: 'analyst',
    selection: ready(['t.x']),
    coverage: covered(0.5, false),
    reference: { status: 'not_run_incomplete_context', expectedRows: [[2]] },
  }),
  caseReport({
    id: 'c',
    question: 'qc',
    selection: { ...ready([]), status: 'no_candidates' },
    expectedStatus: 'no_candidates',
  }),
  caseReport({
    id: 'd',
    question: 'qd',
    selection: ready(['u.z']),
    expectedStatus: 'ambiguous_path',
  }),
];

describe('caseReport', () => {
  it('writes snake_case fields and only the parts a case has', () => {
    expect(cases[1]).toEqual({
      id: 'b',
      question: 'qb',
      role: 'analyst',
      status: 'ready',
      tables: ['t'],
      columns: ['t.x'],
      relationships: [],
      candidate_columns: 1,
      notes: [],
      paths: [],
      problems: [],
      coverage: {
        strategy: 's',
        tables_recall: 1,
        missing_tables: [],
        columns_recall: 0.5,
        missing_columns: [],
        relationships_recall: 0,
        missing_relationships: [],
        element_recall: 0.5,
        complete: false,
        extra_columns: [],
      },
      reference_query: { status: 'not_run_incomplete_context', expected_rows: [[2]] },
    });
    expect(cases[3]).toMatchObject({
      expected_status: 'ambiguous_path',
      status_matches_expectation: false,
    });
    expect(cases[3]).not.toHaveProperty('coverage');
  });
});

describe('methodSummary', () => {
  it('averages over scored cases and tallies states over boundary cases', () => {
    expect(methodSummary(cases)).toEqual({
      scored_cases: 2,
      tables_recall: 1,
      required_column_recall: 0.75,
      relationships_recall: 0.5,
      element_recall: 0.75,
      candidate_columns: 1.5,
      complete: { count: 1, of: 2 },
      reference_matches: { count: 1, of: 2 },
      boundary_as_expected: { count: 1, of: 2 },
    });
  });

  it('has no means without scored cases, rather than zeros', () => {
    const summary = methodSummary(cases.slice(2));
    expect(summary.required_column_recall).toBeNull();
    expect(summaryCells(summary)).toEqual({
      required_column_recall: '-',
      candidate_columns: '-',
      complete: '0 / 0',
      reference_matches: '0 / 0',
      boundary_as_expected: '1 / 2',
    });
  });
});

describe('selectionReport and summaryCells', () => {
  it('builds report.json with a summary per method', () => {
    const report = selectionReport({
      methods: [{ method: 'candidates only', cases }],
      settings: { top_k: 8 },
      limitations: ['hand-written fixture'],
    });
    expect(report.settings).toEqual({ top_k: 8 });
    expect(report.methods[0]?.summary).toEqual(methodSummary(cases));
    expect(report.limitations).toEqual(['hand-written fixture']);
    expect(JSON.parse(JSON.stringify(report))).toEqual(report);
  });

  it('prints percentages and means to one decimal', () => {
    expect(summaryCells(methodSummary(cases))).toEqual({
      required_column_recall: '75.0%',
      candidate_columns: '1.5',
      complete: '1 / 2',
      reference_matches: '1 / 2',
      boundary_as_expected: '1 / 2',
    });
  });
});
