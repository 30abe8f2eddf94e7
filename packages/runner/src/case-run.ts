import type { CaseRecord, CaseStatus } from '@nl2sql/records';
import type { Outcome } from '@nl2sql/suite';
import type { ScoreResult } from './scorer.js';

/** One planned ask: a case, a role (null when the case has no roles) and a pass. */
export interface PlannedRun {
  readonly caseId: string;
  readonly role: string | null;
  readonly pass: number;
  /** What this role's run must end in. */
  readonly expected: Outcome;
}

/** Token counts summed over a case run's LLM calls. */
export interface TokenTotals {
  input: number;
  cached_input: number;
  cache_write: number;
  output: number;
  reasoning: number;
}

/**
 * One finished case run, as the board lists it and the record stores it: the records
 * package's CaseRecord with what the runner adds (the scores, the error, the tokens).
 */
export interface CaseRunRecord extends CaseRecord {
  readonly case_id: string;
  readonly role: string | null;
  readonly pass: number;
  readonly status: CaseStatus;
  readonly lenient_status: CaseStatus;
  readonly generated_status: CaseStatus | null;
  readonly expected: Outcome;
  /** The engine's status (`success`, `error`, `clarify`), or null when the ask itself failed. */
  readonly engine_status: string | null;
  readonly error: { readonly code: string; readonly message: string } | null;
  readonly sql: string | null;
  readonly rows_digest: string | null;
  readonly row_count: number | null;
  readonly cost_usd: number | null;
  readonly latency_ms: number | null;
  readonly tokens: TokenTotals;
  /** True when a verified (curated) answer supplied the SQL. */
  readonly curated: boolean;
  /** Every scorer's verdict by name (diagnostics included), in scorer order. */
  readonly scores: Readonly<Record<string, ScoreResult>>;
  /** Why the case failed, in words (the comparator's or the outcome's explanation). */
  readonly explanation: string | null;
}
