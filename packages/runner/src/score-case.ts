import type { CaseStatus } from '@nl2sql/records';
import type { ScoreInput, ScoreResult, Scorer } from './scorer.js';

// Codes that mean the call did not get to an answer; a failing case with one is an error.
const NO_ANSWER_CODES = new Set([
  'TIMEOUT',
  'TRANSPORT_ERROR',
  'BAD_RESPONSE',
  'INTERNAL_ERROR',
  'LLM_ERROR',
  'CANCELLED',
]);

/** Every scorer's result for one case run, and the statuses they make. */
export interface CaseVerdict {
  readonly scores: Readonly<Record<string, ScoreResult>>;
  readonly strict: CaseStatus;
  readonly lenient: CaseStatus;
  /** The first failing non-diagnostic scorer's explanation, or null. */
  readonly explanation: string | null;
}

/**
 * Runs the scorers over one case run, in order. A case passes (strict, lenient) when every
 * execution scorer that applied passed; a failure whose engine error says the call never
 * got to an answer (`errorCode`) is `error` rather than `fail`.
 *
 * With `signal`, the event loop takes a turn before each scorer and an abort stops the
 * scoring there (the promise rejects with the signal's reason): a long SQL's static checks
 * take a good part of a second each, and a SIGINT is only seen between them.
 */
export async function scoreCase(
  scorers: readonly Scorer[],
  input: ScoreInput,
  errorCode: string | null,
  signal?: AbortSignal,
): Promise<CaseVerdict> {
  const scores: Record<string, ScoreResult> = {};
  for (const scorer of scorers) {
    if (signal) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      signal.throwIfAborted();
    }
    const result = await scorer.score(input);
    if (result !== null) scores[scorer.name] = { ...result, kind: scorer.kind };
  }
  const applied = scorers.filter((s) => s.kind === 'execution' && scores[s.name] !== undefined);
  const strictPass = applied.length > 0 && applied.every((s) => scores[s.name]?.pass);
  const lenientPass = applied.length > 0 && applied.every((s) => scores[s.name]?.lenient);
  const failed = errorCode !== null && NO_ANSWER_CODES.has(errorCode) ? 'error' : 'fail';
  const explanation =
    scorers
      .filter((s) => s.kind !== 'diagnostic')
      .map((s) => scores[s.name])
      .find((r) => r !== undefined && !r.pass)?.explanation ?? null;
  return {
    scores,
    strict: strictPass ? 'pass' : failed,
    lenient: lenientPass ? 'pass' : failed,
    explanation,
  };
}

/** The verdict of a case run whose call failed before anything could be scored. */
export function errorVerdict(message: string): CaseVerdict {
  return { scores: {}, strict: 'error', lenient: 'error', explanation: message };
}
