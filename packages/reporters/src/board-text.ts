import type { RecordAccuracy, RecordRate } from '@nl2sql/records';
import { isRetrievalMetrics } from '@nl2sql/records';
import type { BoardPolicy, ConfigReport, RunReport } from '@nl2sql/runner';
import { describeFailure, whatRan } from './board-heading.js';
import { candidateFailingLines, candidatesOf, candidateVerdictLines } from './candidate-lines.js';
import {
  diagnosticsSection,
  evaluationRows,
  falsePositiveLines,
  reviewLines,
} from './diagnostics-text.js';
import { policiesLines } from './policies-text.js';
import { processRows } from './process-board.js';
import { snapshotFalsePositiveLines, snapshotRows } from './snapshots-text.js';
import { renderTable } from './table.js';
import { type Colors, PLAIN, statusColor } from './terminal-colors.js';

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const usd = (x: number) => `$${x.toFixed(4)}`;
// Whole milliseconds, or two decimals below 10 ms: a fast engine's latency is not 0.
const ms = (x: number) => (x < 10 ? `${x.toFixed(2)} ms` : `${x.toFixed(0)} ms`);

function accuracyCell(a: RecordAccuracy): string {
  if (a.total === 0) return '0/0';
  return `${a.count}/${a.total}  ${pct(a.rate)}  (Wilson 95% ${pct(a.lower)}-${pct(a.upper)})`;
}

function rateCell(r: RecordRate | null): string {
  return r === null ? '-' : `${r.count}/${r.total}  ${pct(r.rate)}`;
}

/**
 * How an external engine's rows were obtained, and the answers its check failed: the rows
 * scored are the harness's (its SQL run here) or, opted into, the engine's word.
 */
function rowsCheckCell(board: ConfigReport): string | null {
  if (board.rows === null || isRetrievalMetrics(board.metrics)) return null;
  const c = board.metrics.rows_checks;
  if (board.rows === 'trusted') {
    return `the engine's word: its reported rows were scored, its SQL not run here (trust_reported_rows)${c ? `; ${c.unsafe_sql} unsafe SQL` : ''}`;
  }
  if (c === undefined) return "the engine's SQL run by the harness";
  const failed = [
    [c.rows_mismatch, 'rows-mismatch'],
    [c.no_sql, 'no-sql'],
    [c.unsafe_sql, 'unsafe-sql'],
    [c.execution_error, 'execution-error'],
  ]
    .filter(([n]) => (n as number) > 0)
    .map(([n, what]) => `${n} ${what}`);
  return `the engine's SQL run by the harness: ${c.executed} executed${failed.length > 0 ? `, failed: ${failed.join(', ')}` : ''}`;
}

/** A config's board as [measure, value] lines, plain text (the Markdown summary reuses them). */
export function boardRows(board: ConfigReport): string[][] {
  const m = board.metrics;
  if (isRetrievalMetrics(m)) {
    const r = m.retrieval;
    return [
      ['case runs', `${board.completedCases}/${board.plannedCases}`],
      ['table recall', pct(r.table_recall)],
      ['column recall', pct(r.column_recall)],
      ...(r.table_precision === undefined
        ? []
        : [
            ['table precision@k', pct(r.table_precision)],
            ['column precision@k', pct(r.column_precision ?? 0)],
          ]),
      r.all_tables_hit
        ? ['all_tables_hit', rateCell(r.all_tables_hit)]
        : ['every table', `${r.perfect_tables} of ${r.cases}`],
      ['every column', `${r.perfect_columns} of ${r.cases}`],
      [
        'sent on average',
        `${r.tables_sent.toFixed(2)} tables, ${r.columns_sent.toFixed(2)} columns`,
      ],
      ['routing', rateCell(r.routing)],
      // Spec 003's figures, where the run scored them.
      ...(r.element_recall === undefined || r.element_recall === null
        ? []
        : [
            ['joins recall', pct(r.relationships_recall ?? 0)],
            ['element recall', pct(r.element_recall)],
            ['complete strategy', rateCell(r.complete ?? null)],
            ['gold query on what was sent', rateCell(r.reference_matches ?? null)],
            ['state as expected', rateCell(r.boundary_as_expected ?? null)],
          ]),
    ];
  }
  const rows: string[][] = [
    ['case runs', `${board.completedCases}/${board.plannedCases}`],
    ['accuracy strict', accuracyCell(m.accuracy.execution.strict)],
    ['accuracy lenient', accuracyCell(m.accuracy.execution.lenient)],
    ['all scorers', rateCell(m.accuracy_all_scorers)],
    ...evaluationRows(board),
    ...snapshotRows(board),
  ];
  if (m.accuracy_generated) rows.push(['generated path', rateCell(m.accuracy_generated)]);
  if (m.pass_k) {
    rows.push([`pass^${m.pass_k.k} strict`, rateCell(m.pass_k.strict)]);
    rows.push([`pass^${m.pass_k.k} lenient`, rateCell(m.pass_k.lenient)]);
  }
  // Any of k (pass@k) and first of k: a predictions file's candidates are its passes.
  if (m.pass_at_k) {
    const { k, first } = m.pass_at_k;
    rows.push([`pass@${k} strict (any of ${k})`, rateCell(m.pass_at_k.strict)]);
    rows.push([`pass@${k} lenient`, rateCell(m.pass_at_k.lenient)]);
    rows.push([`first of ${k} strict`, rateCell(first.strict)]);
    rows.push([`first of ${k} lenient`, rateCell(first.lenient)]);
  }
  rows.push(['answerability', rateCell(m.answerability)]);
  const rowsLine = rowsCheckCell(board);
  if (rowsLine !== null) rows.push(['rows', rowsLine]);
  if (m.suspect) {
    rows.push([
      'suspect',
      `${m.suspect.count}/${m.suspect.total}  passed with a constant query where the gold reads a table`,
    ]);
  }
  const unfinished = m.dollars.unfinished ?? 0;
  rows.push([
    'dollars',
    `${usd(m.dollars.total)} (${usd(m.dollars.per_case_run)} per case run${unfinished > 0 ? `; ${usd(unfinished)} of it on case runs that did not finish` : ''})`,
  ]);
  const t = m.tokens;
  rows.push([
    'tokens',
    `${t.input} in (${t.cached_input} cached, ${t.cache_write} cache write), ${t.output} out (${t.reasoning} reasoning)`,
  ]);
  rows.push(['engine latency', `p50 ${ms(m.latency.p50_ms)}, p95 ${ms(m.latency.p95_ms)}`]);
  if (m.harness_overhead) {
    const h = m.harness_overhead;
    rows.push(['harness overhead', `p50 ${ms(h.p50_ms)}, p95 ${ms(h.p95_ms)} per case run`]);
  }
  if (m.determinism) {
    rows.push([
      'determinism',
      `${m.determinism.deterministic}/${m.determinism.cases}  ${pct(m.determinism.rate)}`,
    ]);
  }
  if (m.faithfulness) {
    const f = m.faithfulness;
    rows.push(['faithfulness', `${f.faithful}/${f.answers}  ${pct(f.rate)}`]);
  }
  rows.push(...processRows(m));
  return rows;
}

/** A case run as the board and the reporters name it: `chinook_014 as analyst (pass 2)`. */
export function caseRunName(r: { caseId: string; role: string | null; pass: number }): string {
  return `${r.caseId}${r.role === null ? '' : ` as ${r.role}`}${r.pass > 1 ? ` (pass ${r.pass})` : ''}`;
}

/** The failing case runs of a board, each with why it failed (its status coloured). */
export function failingLines(
  board: ConfigReport,
  colors: Colors = PLAIN,
  candidates = false,
): string[] {
  // Candidates of a predictions file: the cases no candidate passed, with the best one.
  const k = candidates ? candidatesOf(board) : null;
  if (k !== null) return candidateFailingLines(board, k, colors);
  const lines: string[] = [];
  for (const r of board.cases) {
    if (r.status === 'pass') continue;
    const lenient = r.lenientStatus === 'pass' ? colors.yellow(' [lenient pass]') : '';
    lines.push(
      `  ${caseRunName(r)}: ${statusColor(colors, r.status)}${lenient}: ${r.explanation ?? 'no explanation'}`,
    );
  }
  return lines;
}

/** The case runs that passed with a constant query although their gold reads a table. */
export function suspectLines(board: ConfigReport): string[] {
  return board.cases.flatMap((r) =>
    r.suspect === null ? [] : [`  ${caseRunName(r)}: ${r.status}: ${r.suspect}`],
  );
}

function unfaithfulLines(board: ConfigReport): string[] {
  const m = board.metrics;
  if (isRetrievalMetrics(m) || !m.faithfulness) return [];
  return m.faithfulness.unfaithful.map((u) => {
    const what = [...u.unsupported_numbers, ...u.unsupported_entities].join(', ');
    return `  ${u.case_id}${u.role === null ? '' : ` as ${u.role}`}: unsupported ${what}`;
  });
}

/** A config's heading: its models, or for an external engine what it said it is and where. */
function configLine(board: ConfigReport): string {
  if (board.kind === 'engine') {
    const e = board.engine;
    const models = e.models ? ` (models: ${[...new Set(Object.values(e.models))].join(', ')})` : '';
    const where = e.url ? ` at ${e.url}` : '';
    const why = e.unavailable ? ` [${describeFailure(e.unavailable)}]` : '';
    return `config ${board.config.name}: engine ${e.name} ${e.version}${models}${where}${why}`;
  }
  const nodes = Object.entries(board.config.nodes);
  return `config ${board.config.name}${nodes.length > 0 ? `: ${[...new Set(nodes.map(([, m]) => m))].join(', ')}` : ''}`;
}

export interface RenderOptions {
  /** Print the diagnostics section (by difficulty, tag and error class). */
  readonly diagnostics?: boolean;
  /** The passes are a predictions file's candidates: failures are drilled down by case. */
  readonly candidates?: boolean;
  /** The leaderboards' rules to show under each board (--policies); none when absent. */
  readonly policies?: readonly BoardPolicy[] | null;
}

/**
 * The whole report as the terminal shows it: one board per config, then what failed. With
 * `colors` on, statuses and the stop notice are coloured (never inside the table, whose
 * columns are aligned by character count).
 */
export function renderReport(
  report: RunReport,
  colors: Colors = PLAIN,
  options: RenderOptions = {},
): string {
  const out: string[] = [];
  out.push(
    `nl2sql eval, ${whatRan(report)}, suite ${report.dataset.name} (${report.dataset.digest.slice(0, 12)})`,
  );
  if (report.database) {
    const d = report.database;
    out.push(
      `database ${d.datasource_id} (${d.engine}, ${d.tables} tables, ${d.columns} columns, schema ${d.schema_fingerprint.slice(0, 12)})`,
    );
  }
  if (report.stopped === 'max_cost') {
    out.push(
      `${colors.yellow('STOPPED')} at the cost cap ($${report.settings.max_cost_usd}): ${report.completedCases} of ${report.plannedCases} case runs completed`,
    );
  } else if (report.stopped === 'cancelled') {
    out.push(
      `${colors.yellow('CANCELLED')}: ${report.completedCases} of ${report.plannedCases} case runs completed`,
    );
  }
  for (const board of report.configs) {
    out.push('');
    out.push(configLine(board));
    out.push(renderTable(['measure', 'value'], boardRows(board)));
    const k = options.candidates ? candidatesOf(board) : null;
    const failing = failingLines(board, colors, k !== null);
    if (failing.length > 0) {
      out.push('');
      out.push(
        k === null
          ? `Failing case runs (${failing.length}):`
          : `Cases no candidate passed (${failing.length}):`,
      );
      out.push(...failing);
    }
    const disagree = k === null ? [] : candidateVerdictLines(board);
    if (disagree.length > 0) {
      out.push('');
      out.push(`Candidates with different verdicts (${disagree.length}), by candidate:`);
      out.push(...disagree);
    }
    if (options.policies) out.push(...policiesLines(board, options.policies));
    const suspect = suspectLines(board);
    if (suspect.length > 0) {
      out.push('');
      out.push(`Suspect case runs (${suspect.length}):`);
      out.push(...suspect);
    }
    const unfaithful = unfaithfulLines(board);
    if (unfaithful.length > 0) {
      out.push('');
      out.push(`Unfaithful answers (${unfaithful.length}):`);
      out.push(...unfaithful);
    }
    const falsePositives = falsePositiveLines(board);
    if (falsePositives.length > 0) {
      out.push('');
      out.push(`EX false positives: pass EX, fail the test suite (${falsePositives.length}):`);
      out.push(...falsePositives);
    }
    const onSnapshots = snapshotFalsePositiveLines(board);
    if (onSnapshots.length > 0) {
      out.push('');
      out.push(`Pass EX on the pinned database, fail on a snapshot (${onSnapshots.length}):`);
      out.push(...onSnapshots);
    }
    const review = reviewLines(board);
    if (review.length > 0) {
      out.push('');
      out.push(`Proposed alternative golds, for review (${review.length}):`);
      out.push(...review);
    }
    if (options.diagnostics) out.push(...diagnosticsSection(board));
  }
  out.push('');
  const t = report.timings;
  out.push(
    `time: ${t.wallMs.toFixed(0)} ms wall; summed over case runs ${t.engineMs.toFixed(0)} ms engine (${t.databaseMs.toFixed(0)} ms of it database), ${t.scoringMs.toFixed(0)} ms scoring, ${t.queuedMs.toFixed(0)} ms queued in the harness`,
  );
  return out.join('\n');
}
