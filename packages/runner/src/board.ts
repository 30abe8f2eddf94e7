import { byCase, type CaseRun, determinism, passK, wilson } from '@nl2sql/gate';
import { sumUsage } from '@nl2sql/llm';
import type {
  RecordAccuracy,
  RecordRate,
  RetrievalMetrics,
  RunMetrics,
  UnfaithfulAnswer,
} from '@nl2sql/records';
import type { CaseResult } from './case-result.js';
import { type DiagnosticsMetricsOptions, diagnosticsMetrics } from './diagnostics-metrics.js';
import { percentile } from './percentile.js';

export interface BoardOptions {
  /** Passes the run planned; pass^k and determinism appear above one. */
  readonly passes: number;
  /** Whether curated answers were on (accuracy_generated appears only then). */
  readonly curated: boolean;
  /** Whether the faithfulness scorer ran (it does not in mode plans). */
  readonly faithfulness: boolean;
  /**
   * Every dollar billed call by call for this config, when its calls were billed so: the
   * total then counts calls of case runs that never finished (killed, cancelled).
   */
  readonly billedUsd?: number;
  /** The diagnostics section's inputs (tags by case, the test suite's own figures). */
  readonly diagnostics?: Omit<DiagnosticsMetricsOptions, 'accuracy'>;
}

function rate(count: number, total: number): RecordRate {
  return { count, total, rate: total === 0 ? 0 : count / total };
}

/** An accuracy with its 95% Wilson interval; no runs scored reads 0 of 0, interval [0, 1]. */
export function accuracy(count: number, total: number): RecordAccuracy {
  if (total === 0) return { count: 0, total: 0, rate: 0, lower: 0, upper: 1 };
  const interval = wilson(count, total);
  return { count, total, rate: count / total, lower: interval.lower, upper: interval.upper };
}

function caseRuns(records: readonly CaseResult[], passed: (r: CaseResult) => boolean): CaseRun[] {
  return records.map((r) => ({
    caseId: r.caseId,
    ...(r.role === null ? {} : { role: r.role }),
    pass: r.pass,
    passed: passed(r),
    sql: r.sql,
    rowsDigest: r.rowsDigest,
  }));
}

/**
 * Passed every scorer that applied: execution, and quality scorers such as faithfulness.
 * Diagnostics never count (a score without a kind is counted: it came from elsewhere).
 */
export function passedAllScorers(record: CaseResult): boolean {
  if (record.status !== 'pass') return false;
  return Object.values(record.scores).every((score) => score.kind === 'diagnostic' || score.pass);
}

/**
 * The board of a plans or full run, from its case records: execution accuracy strict and
 * lenient with Wilson intervals (over the runs scored), accuracy_all_scorers,
 * accuracy_generated, pass^k, answerability, dollars, tokens, latency, determinism and
 * faithfulness. Every figure counts the records given, so a stopped run's board covers
 * exactly the runs that finished.
 */
export function buildBoard(records: readonly CaseResult[], options: BoardOptions): RunMetrics {
  const n = records.length;
  const strict = records.filter((r) => r.status === 'pass').length;
  const lenient = records.filter((r) => r.lenientStatus === 'pass').length;
  const generatedPass = records.filter((r) => (r.generatedStatus ?? r.status) === 'pass').length;
  const answerable = records.filter((r) => r.scores.outcome?.pass === true).length;
  const dollars = records.reduce((sum, r) => sum + (r.costUsd ?? 0), 0);
  const summed = sumUsage(records.map((r) => r.tokens));
  // The record's names for llm's token counts.
  const tokens = {
    input: summed.input,
    cached_input: summed.cached,
    cache_write: summed.cacheWrite,
    output: summed.output,
    reasoning: summed.reasoning,
  };
  const latencies = records.flatMap((r) => (r.latencyMs === null ? [] : [r.latencyMs]));
  const overheads = records.flatMap((r) => (r.harnessMs === null ? [] : [r.harnessMs]));

  let passK_: RunMetrics['pass_k'] = null;
  let determinism_: RunMetrics['determinism'] = null;
  if (options.passes > 1 && n > 0) {
    const strictK = passK(byCase(caseRuns(records, (r) => r.status === 'pass')));
    const lenientK = passK(byCase(caseRuns(records, (r) => r.lenientStatus === 'pass')));
    passK_ = {
      k: options.passes,
      strict: rate(strictK.count, strictK.total),
      lenient: rate(lenientK.count, lenientK.total),
    };
    const d = determinism(byCase(caseRuns(records, (r) => r.status === 'pass')));
    if (d.rate !== null)
      determinism_ = { cases: d.cases, deterministic: d.deterministic, rate: d.rate };
  }

  let faithfulness: RunMetrics['faithfulness'] = null;
  if (options.faithfulness) {
    const written = records.filter((r) => r.scores.faithfulness !== undefined);
    const unfaithful: UnfaithfulAnswer[] = written
      .filter((r) => r.scores.faithfulness?.pass === false)
      .map((r) => {
        const detail = r.scores.faithfulness?.detail ?? {};
        return {
          case_id: r.caseId,
          role: r.role,
          pass: r.pass,
          unsupported_numbers: (detail.unsupported_numbers as string[] | undefined) ?? [],
          unsupported_entities: (detail.unsupported_entities as string[] | undefined) ?? [],
        };
      });
    const faithful = written.length - unfaithful.length;
    faithfulness = {
      answers: written.length,
      faithful,
      rate: written.length === 0 ? 0 : faithful / written.length,
      unfaithful,
    };
  }

  return {
    accuracy: { execution: { strict: accuracy(strict, n), lenient: accuracy(lenient, n) } },
    accuracy_all_scorers: rate(records.filter(passedAllScorers).length, n),
    accuracy_generated: options.curated ? rate(generatedPass, n) : null,
    pass_k: passK_,
    answerability: rate(answerable, n),
    dollars: dollarsOf(dollars, n, options.billedUsd),
    tokens,
    latency: { p50_ms: percentile(latencies, 50), p95_ms: percentile(latencies, 95) },
    harness_overhead: { p50_ms: percentile(overheads, 50), p95_ms: percentile(overheads, 95) },
    suspect: rate(records.filter((r) => r.suspect !== null).length, n),
    determinism: determinism_,
    faithfulness,
    ...diagnosticsOf(records, options),
  };
}

/** The diagnostics section, present only when some case run was evaluated. */
function diagnosticsOf(
  records: readonly CaseResult[],
  options: BoardOptions,
): Pick<RunMetrics, 'diagnostics'> {
  const metrics = diagnosticsMetrics(records, {
    tags: options.diagnostics?.tags ?? new Map(),
    testSuite: options.diagnostics?.testSuite ?? null,
    accuracy,
  });
  return metrics === null ? {} : { diagnostics: metrics };
}

/**
 * Dollars of a board: per case run from the case runs' own costs; in all, every call billed
 * (when known), so money spent on case runs that never finished is not left out.
 */
function dollarsOf(ofCases: number, n: number, billed: number | undefined): RunMetrics['dollars'] {
  const perCaseRun = n === 0 ? 0 : ofCases / n;
  if (billed === undefined) return { total: ofCases, per_case_run: perCaseRun };
  // Float sums in another order: a difference below a millionth of a cent is not a call.
  const unfinished = billed - ofCases > 1e-9 ? billed - ofCases : 0;
  return { total: ofCases + unfinished, per_case_run: perCaseRun, unfinished };
}

function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;
}

/**
 * The board of a retrieval run: mean table and column recall, how many case runs were
 * sent every needed table (perfect_tables) and column (perfect_columns), the mean amount
 * sent (read recall beside it), and routing where the engine reported a ranking. Where the
 * scorer had the schema (spec 003's figures): mean relationships and element recall, complete
 * strategies, reference-SQL matches among the case runs it ran for, and selections that ended
 * in the state expected; each is null when no case run carries it.
 */
export function buildRetrievalBoard(records: readonly CaseResult[]): RetrievalMetrics {
  const scored = records.flatMap((r) => {
    const detail = r.scores.retrieval_recall?.detail;
    return detail ? [detail as Record<string, unknown>] : [];
  });
  const num = (d: Record<string, unknown>, k: string): number => d[k] as number;
  const len = (d: Record<string, unknown>, k: string): number => (d[k] as unknown[]).length;
  const routed = records.filter((r) => r.scores.routing !== undefined);
  const selected = scored.filter((d) => typeof d.element_recall === 'number');
  const referenced = selected.flatMap((d) => {
    const q = d.reference_query as { status?: string } | undefined;
    return q ? [q.status] : [];
  });
  const stated = selected.filter((d) => typeof d.status_as_expected === 'boolean');
  return {
    retrieval: {
      cases: scored.length,
      table_recall: mean(scored.map((d) => num(d, 'table_recall'))),
      column_recall: mean(scored.map((d) => num(d, 'column_recall'))),
      perfect_tables: scored.filter((d) => len(d, 'missed_tables') === 0).length,
      perfect_columns: scored.filter((d) => len(d, 'missed_columns') === 0).length,
      tables_sent: mean(scored.map((d) => len(d, 'tables_sent'))),
      columns_sent: mean(scored.map((d) => len(d, 'columns_sent'))),
      routing:
        routed.length === 0
          ? null
          : rate(routed.filter((r) => r.scores.routing?.pass).length, routed.length),
      relationships_recall:
        selected.length === 0 ? null : mean(selected.map((d) => num(d, 'relationships_recall'))),
      element_recall:
        selected.length === 0 ? null : mean(selected.map((d) => num(d, 'element_recall'))),
      complete:
        selected.length === 0
          ? null
          : rate(selected.filter((d) => d.complete === true).length, selected.length),
      reference_matches:
        referenced.length === 0
          ? null
          : rate(referenced.filter((s) => s === 'matched').length, referenced.length),
      boundary_as_expected:
        stated.length === 0
          ? null
          : rate(stated.filter((d) => d.status_as_expected === true).length, stated.length),
    },
  };
}
