// Spec 003's report.json for a mode retrieval run: one method per config, each case run with
// what was sent, its coverage of the case's required elements, the reference query's outcome
// and the state it ended in against the one expected, and the summary a results table is
// printed from. Built from the retrieval_recall scores the run recorded, so a saved report
// gives the same file as the run that made it.

import {
  type CaseReport,
  type SelectionReport,
  type SelectionStatus,
  selectionReport,
} from '@nl2sql/schema-selection';
import type { EvalSuite } from '@nl2sql/suite';
import type { RunReport } from './run-report.js';
import { RunnerError } from './runner-error.js';

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/**
 * The report.json of a retrieval run scored with the schema (`selection` in runEval's
 * options). Refuses (INVALID_OPTIONS) a run of another mode, or one scored without the
 * schema: it would report figures nobody measured.
 */
export function selectionReportJson(report: RunReport, suite: EvalSuite): SelectionReport {
  if (report.settings.mode !== 'retrieval') {
    throw new RunnerError(
      'INVALID_OPTIONS',
      `a selection report needs a mode retrieval run, not mode ${report.settings.mode}`,
    );
  }
  const questions = new Map(suite.cases.map((c) => [c.id, c]));
  const methods = report.configs.map((config) => {
    const cases: CaseReport[] = [];
    for (const run of config.cases) {
      const d = run.scores.retrieval_recall?.detail as Record<string, unknown> | undefined;
      if (!d) continue;
      if (typeof d.element_recall !== 'number') {
        throw new RunnerError(
          'INVALID_OPTIONS',
          `config ${config.config.name}: case ${run.caseId} was scored without the schema; a selection report needs runEval's selection option`,
        );
      }
      const c = questions.get(run.caseId);
      const columns = strings(d.columns_sent);
      const required = new Set((c?.columns ?? []).map((x) => x.toLowerCase()));
      const reference = d.reference_query as { status: string; detail?: string } | undefined;
      const status = (d.selection_status ?? 'ready') as SelectionStatus;
      const expected = d.expected_status as SelectionStatus;
      cases.push({
        id: run.pass > 1 ? `${run.caseId}#${run.pass}` : run.caseId,
        question: c?.question ?? '',
        ...(run.role === null ? {} : { role: run.role }),
        status,
        tables: strings(d.tables_sent),
        columns,
        relationships: strings(d.relationships_sent),
        candidate_columns: columns.length,
        notes: strings(d.selection_notes),
        // The protocol carries the engine's joins and notes, not its search's paths.
        paths: [],
        problems: [],
        coverage: {
          tables_recall: d.table_recall as number,
          missing_tables: strings(d.missed_tables),
          columns_recall: d.required_column_recall as number,
          missing_columns: strings(d.missed_required_columns),
          relationships_recall: d.relationships_recall as number,
          missing_relationships: strings(d.missed_relationships),
          element_recall: d.element_recall,
          complete: d.complete === true,
          extra_columns: columns.filter((x) => !required.has(x.toLowerCase())),
        },
        ...(reference
          ? {
              reference_query: {
                status: reference.status as NonNullable<CaseReport['reference_query']>['status'],
                expected_rows: (c?.rows ?? []).map((row) => [...row]),
                ...(reference.detail === undefined ? {} : { detail: reference.detail }),
              },
            }
          : {}),
        ...(d.status_as_expected === null || d.status_as_expected === undefined
          ? {}
          : {
              expected_status: expected,
              status_matches_expectation: d.status_as_expected === true,
            }),
      });
    }
    return { method: config.config.name, cases };
  });
  return selectionReport({
    methods,
    settings: {
      ...(report.settings.retrieval ?? {}),
      roles: [...report.settings.roles],
      dataset: report.dataset.name,
    },
    limitations: [
      "Required tables and columns are the case's own (the columns its gold SQL reads); required relationships are the key equalities its gold plan joins over, so a case without a plan requires none.",
      'Every case run is answerable for the role asking, so the state expected is ready; boundary cases (no_candidates, ambiguous_path, no_authorized_path) are exercised by the fixture of spec 003 in @nl2sql/schema-selection.',
      'Paths and problems are not carried by the retrieve protocol; the notes say what the engine added or refused.',
    ],
  });
}
