import {
  type DiagnosedCase,
  diagnosticsBoard,
  ERROR_CLASSES,
  type ErrorClass,
} from '@nl2sql/diagnostics';
import type {
  CaseTestSuiteRecord,
  DiagnosticsMetrics,
  FalsePositiveRecord,
  RecordAccuracy,
  RunMetrics,
  VerdictTier,
} from '@nl2sql/records';
import { accuracy } from './board-tally.js';
import type { CaseResult } from './case-result.js';
import { efficiencyMetrics } from './efficiency-pass.js';

/** What the board says of the test suite itself (from its manifest). */
export interface TestSuiteSummary {
  /** Databases in the suite, the original included. */
  readonly databases: number;
  /** Mutants of the golds the suite kills, of those that differ from their gold somewhere. */
  readonly mutantsKilled: number;
  readonly mutantsSemantic: number;
}

export interface DiagnosticsMetricsOptions {
  /** Each case's tags, by case id (the board reads records, which carry no tags). */
  readonly tags: ReadonlyMap<string, readonly string[]>;
  readonly testSuite: TestSuiteSummary | null;
  /** The accuracy with its Wilson interval (the board's one rule). */
  readonly accuracy: (count: number, total: number) => RecordAccuracy;
}

const CLASSES = new Set<string>(ERROR_CLASSES);

/** A stored error class as sqlcheck knows it; anything else (none, a newer name) is unclassified. */
function knownClass(name: string | null | undefined): ErrorClass {
  return name != null && CLASSES.has(name) ? (name as ErrorClass) : 'unclassified';
}

// What an engine answers when it refuses or finds no datasource (the outcome scorer's codes).
const NO_ANSWER = new Set(['SECURITY_VIOLATION', 'QUESTION_NOT_ANSWERABLE']);

/**
 * A failure's class: a wrong outcome (a refusal where an answer was expected, an answer where
 * a refusal was) before anything the SQL diagnostics say, since there is no SQL of an answer
 * to read; else the class the diagnostics gave.
 */
function failureClass(r: CaseResult): ErrorClass {
  const refused = r.engineStatus === 'error' && NO_ANSWER.has(r.error?.code ?? '');
  if (r.expected !== 'allowed' || refused) return 'wrong_outcome';
  return knownClass(r.diagnostics?.error_class);
}

/** The case runs' SQL against the gold, in aggregate; absent when none was compared. */
function sqlSimilarity(records: readonly CaseResult[]): Pick<DiagnosticsMetrics, 'sql_similarity'> {
  const compared = records.filter((r) => r.diagnostics?.normalized_match != null);
  if (compared.length === 0) return {};
  const sums = new Map<string, { total: number; n: number }>();
  let astTotal = 0;
  let astN = 0;
  for (const r of compared) {
    for (const [part, f1] of Object.entries(r.diagnostics?.component_f1 ?? {})) {
      const s = sums.get(part) ?? { total: 0, n: 0 };
      s.total += f1;
      s.n += 1;
      sums.set(part, s);
    }
    const ast = r.diagnostics?.ast_similarity;
    if (typeof ast === 'number') {
      astTotal += ast;
      astN += 1;
    }
  }
  return {
    sql_similarity: {
      compared: compared.length,
      normalized_match: compared.filter((r) => r.diagnostics?.normalized_match === true).length,
      component_f1: Object.fromEntries(
        [...sums].sort(([a], [b]) => a.localeCompare(b)).map(([part, s]) => [part, s.total / s.n]),
      ),
      ast_similarity: astN === 0 ? null : astTotal / astN,
    },
  };
}

function diagnosed(r: CaseResult, tags: ReadonlyMap<string, readonly string[]>): DiagnosedCase {
  const d = r.diagnostics;
  const values = d?.filter_values;
  return {
    pass: r.status === 'pass',
    emptyMatch: d?.empty_match === true,
    difficulty: d?.difficulty ?? null,
    tags: tags.get(r.caseId) ?? [],
    errorClass: r.status === 'pass' ? null : failureClass(r),
    filterValues: values
      ? {
          total: values.total,
          allPresent: values.all_present,
          ids: { total: values.ids.total, allPresent: values.ids.present === values.ids.total },
        }
      : null,
  };
}

/** The mean of result_match's Soft-F1 (a diagnostic); absent when no case run has one. */
function softF1Mean(records: readonly CaseResult[]): Pick<DiagnosticsMetrics, 'soft_f1'> {
  const values = records.flatMap((r) => {
    const v = r.scores.result_match?.detail.soft_f1;
    return typeof v === 'number' ? [v] : [];
  });
  if (values.length === 0) return {};
  return {
    soft_f1: { scored: values.length, mean: values.reduce((a, b) => a + b, 0) / values.length },
  };
}

/** VES and R-VES when the efficiency pass measured case runs (`--efficiency`); else absent. */
function efficiencyOf(records: readonly CaseResult[]): Pick<DiagnosticsMetrics, 'efficiency'> {
  const efficiency = efficiencyMetrics(records);
  return efficiency === null ? {} : { efficiency };
}

/**
 * The board's diagnostics (issue 16), from the case runs that carry them: accuracy by
 * difficulty and by tag with Wilson intervals, failures per error class, empty-vs-empty passes
 * counted apart, filter-value and ID accuracy; test-suite accuracy beside EX with the EX false
 * positives named; and the three-tier verdict with the tier that decided each case run. Null
 * when no case run was evaluated (mode retrieval, evaluation off, older journals).
 */
export function diagnosticsMetrics(
  records: readonly CaseResult[],
  options: DiagnosticsMetricsOptions,
): DiagnosticsMetrics | null {
  if (!records.some((r) => r.diagnostics !== null)) return null;
  const board = diagnosticsBoard(records.map((r) => diagnosed(r, options.tags)));
  const acc = (a: { count: number; total: number }) => options.accuracy(a.count, a.total);
  const n = records.length;

  let testSuite: DiagnosticsMetrics['test_suite'] = null;
  if (options.testSuite !== null) {
    // A case run passes the test suite only if it passes EX and, where a suite judged it, there
    // too: test-suite accuracy can never exceed EX.
    // A compared case run without a test-suite verdict is not a test-suite pass.
    const judged = (r: CaseResult, pass: (ts: CaseTestSuiteRecord) => boolean) => {
      if (r.expected !== 'allowed') return true;
      const ts = r.diagnostics?.test_suite;
      return ts !== null && ts !== undefined && pass(ts);
    };
    const strict = records.filter((r) => r.status === 'pass' && judged(r, (ts) => ts.pass)).length;
    const lenient = records.filter(
      (r) => r.lenientStatus === 'pass' && judged(r, (ts) => ts.lenient),
    ).length;
    const falsePositives: FalsePositiveRecord[] = records
      .filter((r) => r.status === 'pass' && !judged(r, (ts) => ts.pass))
      .map((r) => ({
        case_id: r.caseId,
        role: r.role,
        pass: r.pass,
        distinguished_by: r.diagnostics?.test_suite?.distinguished_by ?? null,
        ...(r.diagnostics?.test_suite?.error
          ? { error: r.diagnostics.test_suite.error }
          : r.diagnostics?.test_suite
            ? {}
            : { error: 'no test-suite verdict' }),
      }));
    testSuite = {
      databases: options.testSuite.databases,
      mutants_killed: options.testSuite.mutantsKilled,
      mutants_semantic: options.testSuite.mutantsSemantic,
      strict: options.accuracy(strict, n),
      lenient: options.accuracy(lenient, n),
      false_positives: falsePositives,
    };
  }

  const verdicts = records.flatMap((r) => (r.diagnostics?.verdict ? [r.diagnostics.verdict] : []));
  const byTier: Record<VerdictTier, number> = { ast: 0, execution: 0, judge: 0 };
  const byOutcome: Record<string, number> = {};
  for (const v of verdicts) {
    byTier[v.tier] += 1;
    byOutcome[v.outcome] = (byOutcome[v.outcome] ?? 0) + 1;
  }
  const sortedOutcomes = Object.fromEntries(
    Object.entries(byOutcome).sort(([a], [b]) => a.localeCompare(b)),
  );

  return {
    by_difficulty: Object.fromEntries(
      Object.entries(board.byDifficulty).map(([k, v]) => [k, acc(v)]),
    ),
    by_tag: Object.fromEntries(Object.entries(board.byTag).map(([k, v]) => [k, acc(v)])),
    failures: board.failures,
    error_classes: Object.fromEntries(
      Object.entries(board.errorClasses).map(([k, v]) => [k, { count: v.count, share: v.share }]),
    ),
    empty_matches: {
      passes: board.emptyMatches.passes,
      accuracy_without: acc(board.emptyMatches.accuracyWithout),
    },
    filter_value_accuracy: acc(board.filterValueAccuracy),
    id_accuracy: acc(board.idAccuracy),
    test_suite: testSuite,
    ...sqlSimilarity(records),
    ...softF1Mean(records),
    ...efficiencyOf(records),
    verdict:
      verdicts.length === 0
        ? null
        : {
            accuracy: options.accuracy(verdicts.filter((v) => v.pass).length, verdicts.length),
            by_tier: byTier,
            by_outcome: sortedOutcomes,
            judge_wanted: verdicts.filter((v) => v.judge_trigger !== undefined).length,
            judge_asked: verdicts.filter((v) => v.judge !== undefined).length,
            judge_cost_usd: verdicts.reduce((sum, v) => sum + (v.judge_cost_usd ?? 0), 0),
            review: verdicts.filter((v) => v.outcome === 'review').length,
          },
  };
}

/**
 * The board's diagnostics section, present only when some case run was evaluated (see
 * diagnosticsMetrics); accuracies with the board's Wilson interval.
 */
export function diagnosticsSection(
  records: readonly CaseResult[],
  options: Omit<DiagnosticsMetricsOptions, 'accuracy'> | undefined,
): Pick<RunMetrics, 'diagnostics'> {
  const metrics = diagnosticsMetrics(records, {
    tags: options?.tags ?? new Map(),
    testSuite: options?.testSuite ?? null,
    accuracy,
  });
  return metrics === null ? {} : { diagnostics: metrics };
}

/**
 * The diagnostics section of a run merged from its shards' boards (mergeShards), counted again
 * from the merged case runs like an unsharded run's. Two figures come from the shards' own
 * boards, as the case records cannot give them: accuracy by tag (records carry no tags), the
 * shards' counts summed, as the shards hold disjoint case runs; and the test suite's own
 * figures (its size and mutants), the same in every shard of the run.
 */
export function mergedDiagnosticsSection(
  records: readonly CaseResult[],
  shards: readonly (DiagnosticsMetrics | undefined)[],
): Pick<RunMetrics, 'diagnostics'> {
  const suite = shards.find((d) => d?.test_suite != null)?.test_suite;
  const merged = diagnosticsMetrics(records, {
    tags: new Map(),
    testSuite: suite
      ? {
          databases: suite.databases,
          mutantsKilled: suite.mutants_killed,
          mutantsSemantic: suite.mutants_semantic,
        }
      : null,
    accuracy,
  });
  if (merged === null) return {};
  const byTag = new Map<string, { count: number; total: number }>();
  for (const shard of shards) {
    for (const [tag, a] of Object.entries(shard?.by_tag ?? {})) {
      const sum = byTag.get(tag) ?? { count: 0, total: 0 };
      byTag.set(tag, { count: sum.count + a.count, total: sum.total + a.total });
    }
  }
  const tags = [...byTag].sort(([a], [b]) => a.localeCompare(b));
  return {
    diagnostics: {
      ...merged,
      by_tag: Object.fromEntries(tags.map(([tag, a]) => [tag, accuracy(a.count, a.total)])),
    },
  };
}
