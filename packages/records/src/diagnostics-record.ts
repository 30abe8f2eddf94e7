// What issue 16 adds to a record, in one place: a case record's `diagnostics` and a board's
// `diagnostics`. Both are optional (records written before them have none), and none of
// their figures is part of the gate: the gate reads `status` and `metrics.accuracy` only.
import type { RecordAccuracy } from './record.js';

/** The tier that decided a case's verdict (spec 004: AST, execution, LLM judge). */
export type VerdictTier = 'ast' | 'execution' | 'judge';

/** One case run's verdict from the three tiers, and the tier that decided it. */
export interface CaseVerdictRecord {
  readonly pass: boolean;
  readonly tier: VerdictTier;
  /**
   * What decided it: `ast_match`, `rows_match`, `rows_differ`, `execution_error`,
   * `lucky_match`, `judge_confirmed`, `judge_rejected`, `review`, or for a case whose
   * expected outcome is a refusal, `outcome_match` / `outcome_differs`.
   */
  readonly outcome: string;
  readonly reason: string;
  /** Why the judge was wanted (asked or not): `small_result`, `close_sql`, `tiers_disagree`. */
  readonly judge_trigger?: string;
  /** What the judge said, when it was asked. */
  readonly judge?:
    | { readonly equivalent: boolean; readonly reason: string }
    | { readonly error: string };
  /** Dollars of the judge's calls for this case run (counted in the case run's cost_usd). */
  readonly judge_cost_usd?: number;
  /** For outcome `review`: the candidate proposed as an alternative gold. */
  readonly proposal?: { readonly alt_sql: string; readonly reason: string };
}

/** The test-suite verdict of one case run (001 §5.2): the gold and the SQL on every database. */
export interface CaseTestSuiteRecord {
  /** Strict: every database of the suite agrees under EX's strict policy. */
  readonly pass: boolean;
  /** Lenient, under EX's lenient policy. */
  readonly lenient: boolean;
  /** The first database that told the SQL from the gold, or null. */
  readonly distinguished_by: string | null;
  /** Databases the prediction was run on (the original included); 0 when EX already failed it. */
  readonly databases: number;
  /** Why the suite could not judge the case (counted as a failure). */
  readonly error?: string;
}

/** One case run's efficiency (001 §5.3), with `--efficiency`. */
export interface CaseEfficiencyRecord {
  /** `measured`, `incorrect` (not timed), `timeout` or `error`. */
  readonly status: string;
  /** The trimmed mean of gold time / prediction time; 0 when not measured. */
  readonly time_ratio: number;
  readonly ves_reward: number;
  readonly rves_reward: number;
  /** Flagged scans (full scans of large tables) the prediction's plan adds over the gold's. */
  readonly added_full_scans: readonly string[];
  readonly error?: string;
}

/** Every diagnostic of one case run. Fields that do not apply are null. */
export interface CaseDiagnosticsRecord {
  /** The SQL's canonical form equals the gold's or an alternative's. */
  readonly normalized_match: boolean | null;
  /** Per-clause F1 against the gold (select, where, group by, ...). */
  readonly component_f1: Readonly<Record<string, number>> | null;
  readonly ast_similarity: number | null;
  /** The gold's filter values present in the SQL (004 D.11), and of them the numbers (IDs). */
  readonly filter_values: {
    readonly total: number;
    readonly present: number;
    readonly all_present: boolean;
    readonly ids: { readonly total: number; readonly present: number };
    readonly missing: readonly string[];
  } | null;
  /** The gold's difficulty (004 A.1). */
  readonly difficulty: 'simple' | 'moderate' | 'complex' | null;
  /** The error class of a failure (004's taxonomy); null on a pass. */
  readonly error_class: string | null;
  readonly error_evidence: readonly string[];
  /** Both the gold and the result had no rows. */
  readonly empty_match: boolean;
  readonly test_suite: CaseTestSuiteRecord | null;
  readonly verdict: CaseVerdictRecord | null;
  readonly efficiency?: CaseEfficiencyRecord | null;
}

/** A test-suite false positive: passes EX, fails on a database of the suite. */
export interface FalsePositiveRecord {
  readonly case_id: string;
  readonly role: string | null;
  readonly pass: number;
  readonly distinguished_by: string | null;
  /** Why the suite could not judge it, when it could not (it counts as a failure). */
  readonly error?: string;
}

/** The board's diagnostics. */
export interface DiagnosticsMetrics {
  readonly by_difficulty: Readonly<Record<string, RecordAccuracy>>;
  readonly by_tag: Readonly<Record<string, RecordAccuracy>>;
  readonly failures: number;
  /** Failures per error class, and their share of all failures. */
  readonly error_classes: Readonly<
    Record<string, { readonly count: number; readonly share: number }>
  >;
  /** Passes where gold and result were both empty, counted apart. */
  readonly empty_matches: { readonly passes: number; readonly accuracy_without: RecordAccuracy };
  readonly filter_value_accuracy: RecordAccuracy;
  readonly id_accuracy: RecordAccuracy;
  /** Test-suite accuracy beside EX, where the suite has a test suite; else null. */
  readonly test_suite: {
    readonly databases: number;
    readonly mutants_killed: number;
    readonly mutants_semantic: number;
    readonly strict: RecordAccuracy;
    readonly lenient: RecordAccuracy;
    readonly false_positives: readonly FalsePositiveRecord[];
  } | null;
  /** The three-tier verdict: accuracy, the tier that decided, the judge's work. */
  readonly verdict: {
    readonly accuracy: RecordAccuracy;
    readonly by_tier: Readonly<Record<VerdictTier, number>>;
    readonly by_outcome: Readonly<Record<string, number>>;
    /** Case runs the tiers wanted the judge for; of them, asked; and what it cost. */
    readonly judge_wanted: number;
    readonly judge_asked: number;
    readonly judge_cost_usd: number;
    /** Judged-equivalent disagreements proposed as alternative golds. */
    readonly review: number;
  } | null;
  /** VES and R-VES (with `--efficiency`); null otherwise. Never part of the gate. */
  readonly efficiency?: {
    readonly ves: number | null;
    readonly rves: number | null;
    readonly measured: number;
    readonly incorrect: number;
    readonly timeouts: number;
    readonly unmeasured: number;
    /** Case runs whose plan adds a full scan of a large table over the gold's. */
    readonly added_full_scans: number;
  } | null;
}
