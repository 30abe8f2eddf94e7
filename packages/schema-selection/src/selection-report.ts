// The machine-readable report of a schema-selection evaluation (report.json): per method
// (e.g. candidates only, candidates + path completion), every case's selection, coverage,
// reference-query outcome and state, and the summary a results table is printed from.
// Keys are snake_case, as in the other result files.

import type { Coverage } from './coverage.js';
import type { ReferenceQueryOutcome } from './reference-query.js';
import type { JoinPath, PathProblem, SchemaSelection, SelectionStatus } from './selection.js';

export interface CaseReportInput {
  readonly id: string;
  readonly question: string;
  readonly role?: string;
  readonly selection: SchemaSelection;
  /** Scored cases: coverage of the required elements. */
  readonly coverage?: Coverage;
  /** Scored cases with a reference query. */
  readonly reference?: ReferenceQueryOutcome;
  /** Boundary cases: the state the selection must end in. */
  readonly expectedStatus?: SelectionStatus;
}

export interface CoverageJson {
  strategy?: string;
  tables_recall: number;
  missing_tables: string[];
  columns_recall: number;
  missing_columns: string[];
  relationships_recall: number;
  missing_relationships: string[];
  element_recall: number;
  complete: boolean;
  extra_columns: string[];
}

export interface ReferenceQueryJson {
  status: ReferenceQueryOutcome['status'];
  expected_rows: unknown[][];
  actual_rows?: unknown[][];
  detail?: string;
}

export interface CaseReport {
  id: string;
  question: string;
  role?: string;
  status: SelectionStatus;
  tables: string[];
  columns: string[];
  relationships: string[];
  /** Columns sent to the planner. */
  candidate_columns: number;
  notes: string[];
  paths: JoinPath[];
  problems: PathProblem[];
  coverage?: CoverageJson;
  reference_query?: ReferenceQueryJson;
  expected_status?: SelectionStatus;
  status_matches_expectation?: boolean;
}

/** A count out of a total, e.g. complete strategies 4 of 5. */
export interface Tally {
  count: number;
  of: number;
}

export interface MethodSummary {
  /** Cases with coverage (the means below are over these; null when there are none). */
  scored_cases: number;
  tables_recall: number | null;
  /** Mean required-column recall. */
  required_column_recall: number | null;
  relationships_recall: number | null;
  element_recall: number | null;
  /** Mean number of columns sent, over scored cases. */
  candidate_columns: number | null;
  complete: Tally;
  /** Scored cases with a reference query, and how many matched. */
  reference_matches: Tally;
  /** Cases with an expected state, and how many ended in it. */
  boundary_as_expected: Tally;
}

export interface MethodReport {
  method: string;
  summary: MethodSummary;
  cases: CaseReport[];
}

export interface SelectionReport {
  settings: Record<string, unknown>;
  methods: MethodReport[];
  limitations: string[];
}

function coverageJson(c: Coverage): CoverageJson {
  return {
    ...(c.strategy === undefined ? {} : { strategy: c.strategy }),
    tables_recall: c.tablesRecall,
    missing_tables: [...c.missingTables],
    columns_recall: c.columnsRecall,
    missing_columns: [...c.missingColumns],
    relationships_recall: c.relationshipsRecall,
    missing_relationships: [...c.missingRelationships],
    element_recall: c.elementRecall,
    complete: c.complete,
    extra_columns: [...c.extraColumns],
  };
}

function rows(r: readonly (readonly unknown[])[]): unknown[][] {
  return r.map((row) => [...row]);
}

/** One case of the report. */
export function caseReport(input: CaseReportInput): CaseReport {
  const s = input.selection;
  const report: CaseReport = {
    id: input.id,
    question: input.question,
    ...(input.role === undefined ? {} : { role: input.role }),
    status: s.status,
    tables: [...s.tables],
    columns: [...s.columns],
    relationships: [...s.relationships],
    candidate_columns: s.columns.length,
    notes: [...s.notes],
    paths: [...s.paths],
    problems: [...s.problems],
  };
  if (input.coverage) report.coverage = coverageJson(input.coverage);
  if (input.reference) {
    const r = input.reference;
    report.reference_query = {
      status: r.status,
      expected_rows: rows(r.expectedRows),
      ...(r.actualRows ? { actual_rows: rows(r.actualRows) } : {}),
      ...(r.detail === undefined ? {} : { detail: r.detail }),
    };
  }
  if (input.expectedStatus !== undefined) {
    report.expected_status = input.expectedStatus;
    report.status_matches_expectation = s.status === input.expectedStatus;
  }
  return report;
}

function mean(values: readonly number[]): number | null {
  return values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length;
}

/** The summary of one method's cases. */
export function methodSummary(cases: readonly CaseReport[]): MethodSummary {
  const scored = cases.filter((c) => c.coverage !== undefined);
  const covered = scored.map((c) => c.coverage!);
  const referenced = scored.filter((c) => c.reference_query !== undefined);
  const boundary = cases.filter((c) => c.expected_status !== undefined);
  return {
    scored_cases: scored.length,
    tables_recall: mean(covered.map((c) => c.tables_recall)),
    required_column_recall: mean(covered.map((c) => c.columns_recall)),
    relationships_recall: mean(covered.map((c) => c.relationships_recall)),
    element_recall: mean(covered.map((c) => c.element_recall)),
    candidate_columns: mean(scored.map((c) => c.candidate_columns)),
    complete: { count: covered.filter((c) => c.complete).length, of: scored.length },
    reference_matches: {
      count: referenced.filter((c) => c.reference_query?.status === 'matched').length,
      of: referenced.length,
    },
    boundary_as_expected: {
      count: boundary.filter((c) => c.status_matches_expectation).length,
      of: boundary.length,
    },
  };
}

/** The whole report.json object. `settings` records what was run (e.g. `{ top_k: 8 }`). */
export function selectionReport(input: {
  readonly methods: ReadonlyArray<{
    readonly method: string;
    readonly cases: readonly CaseReport[];
  }>;
  readonly settings?: Readonly<Record<string, unknown>>;
  readonly limitations?: readonly string[];
}): SelectionReport {
  return {
    settings: { ...(input.settings ?? {}) },
    methods: input.methods.map((m) => ({
      method: m.method,
      summary: methodSummary(m.cases),
      cases: [...m.cases],
    })),
    limitations: [...(input.limitations ?? [])],
  };
}

/** A summary as the cells of a results table: `58.2%`, `4.8`, `1 / 5`. */
export function summaryCells(summary: MethodSummary): {
  required_column_recall: string;
  candidate_columns: string;
  complete: string;
  reference_matches: string;
  boundary_as_expected: string;
} {
  const percent = (x: number | null) => (x === null ? '-' : `${(x * 100).toFixed(1)}%`);
  const tally = (t: Tally) => `${t.count} / ${t.of}`;
  return {
    required_column_recall: percent(summary.required_column_recall),
    candidate_columns:
      summary.candidate_columns === null ? '-' : summary.candidate_columns.toFixed(1),
    complete: tally(summary.complete),
    reference_matches: tally(summary.reference_matches),
    boundary_as_expected: tally(summary.boundary_as_expected),
  };
}
