/**
 * The shape the gate reads. The runner produces it from its case.finished events and the
 * records package from a stored record; the gate needs nothing else, so neither has to
 * depend on the other's types (a structural boundary, not a shared types package).
 */

/**
 * Which pass/fail a statistic reads. `execution` is execution accuracy (result match and
 * outcome) as users see it; `generated` is the same measure on the generated path, which
 * differs only when curated answers were on and a verified query answered the case.
 */
export type Score = 'execution' | 'generated';

/** One case asked once: one case, one role, one pass, in one config. */
export interface CaseRun {
  /** The suite's case id, e.g. `chinook_007`. */
  readonly caseId: string;
  /** The role the case was asked as; omit when the run has no roles. */
  readonly role?: string;
  /** Which pass this was, counted from 1. */
  readonly pass: number;
  /** Execution accuracy: the rows matched and the outcome (allowed/refused/...) was right. */
  readonly passed: boolean;
  /** Execution accuracy on the generated path; omit when it equals `passed`. */
  readonly passedGenerated?: boolean;
  /** The SQL the engine ran (null or omitted for a refusal); read by `determinism`. */
  readonly sql?: string | null;
  /** A digest of the rows returned (null or omitted when none); read by `determinism`. */
  readonly rowsDigest?: string | null;
  /** Dollars this case run cost; omitted everywhere when the run recorded no cost. */
  readonly costUsd?: number;
  /** SQL statements the engine executed for this case run (its trajectory); omit when it sent none. */
  readonly executions?: number;
  /** The clarify verdict, where the case expects clarify or the engine asked back. */
  readonly clarify?: 'clarified' | 'guessed' | 'asked_needlessly';
}

/** Everything the gate needs from one run. */
export interface RunSummary {
  /**
   * What kind of run it is (`plans`, `full`, ...). The gate knows no modes: it only refuses
   * to compare runs of different ones. The list of modes is @nl2sql/records'.
   */
  readonly mode: string;
  /** SHA-256 of the suite file's LF bytes. */
  readonly suiteDigest: string;
  /** Fingerprint of the indexed schema (tables, columns, types, keys). */
  readonly schemaFingerprint: string;
  /**
   * The roles the run asked as (order does not matter), when its mode holds comparisons to
   * them (mode full). Two runs are compared on roles when either states them; omitted reads
   * as none.
   */
  readonly roles?: readonly string[];
  /**
   * Whether curated answers were on, when the run's mode has them (mode full). On, the
   * generated path is gated beside execution accuracy. Two runs are compared on it when
   * either states it; omitted reads as off (a run without a curated path).
   */
  readonly curated?: boolean;
  /** Case runs per config name (`retrieval` for a retrieval run). */
  readonly configs: Readonly<Record<string, readonly CaseRun[]>>;
}

/** A case as the statistics count it: a case id, and the role when the run has roles. */
export interface CaseRef {
  readonly caseId: string;
  readonly role?: string;
}
