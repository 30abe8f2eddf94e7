import type { AskResponse, RetrieveResponse } from '@nl2sql/engine';
import type { Mode } from '@nl2sql/records';
import type { EvalCase, Outcome } from '@nl2sql/suite';

/** A case run as the ask-based scorers see it (modes plans and full). */
export interface AskScoreInput {
  readonly kind: 'ask';
  readonly mode: Mode;
  readonly case: EvalCase;
  readonly role: string | null;
  readonly expected: Outcome;
  readonly response: AskResponse;
}

/** A case run in mode retrieval: what the schema retriever sent. */
export interface RetrievalScoreInput {
  readonly kind: 'retrieve';
  readonly mode: Mode;
  readonly case: EvalCase;
  readonly role: string | null;
  readonly expected: Outcome;
  readonly response: RetrieveResponse;
}

export type ScoreInput = AskScoreInput | RetrievalScoreInput;

/**
 * What a scorer counts towards. `execution` scorers make a case's status (execution
 * accuracy, what the gate reads); `quality` scorers add to accuracy_all_scorers only;
 * `diagnostic` ones are reported and never fail a case.
 */
export type ScorerKind = 'execution' | 'quality' | 'diagnostic';

export interface ScoreResult {
  readonly pass: boolean;
  /** The lenient score where the scorer has one (result_match); else equal to pass. */
  readonly lenient: boolean;
  /** Why it failed, in words; null on a pass. */
  readonly explanation: string | null;
  /** The scorer's own figures, JSON-safe (a record stores them). */
  readonly detail: Readonly<Record<string, unknown>>;
  /** The scorer's kind, set by the runner so a stored record says what each score counts for. */
  readonly kind?: ScorerKind;
}

/** One way of judging a case run. Returns null when it does not apply to this run. */
export interface Scorer {
  readonly name: string;
  readonly kind: ScorerKind;
  score(input: ScoreInput): ScoreResult | null | Promise<ScoreResult | null>;
}

/** A result with lenient equal to pass (scorers with a single score). */
export function verdict(
  pass: boolean,
  explanation: string | null,
  detail: Readonly<Record<string, unknown>> = {},
): ScoreResult {
  return { pass, lenient: pass, explanation: pass ? null : explanation, detail };
}
