// Clarify versus guess (spec 001 §12): an ambiguous question's right answer is a question
// back. A case run is judged clarified when it asked where the case expects it, guessed when
// it answered instead (its rows are recorded like any answer's: the guess is on the board),
// and asked_needlessly when it asked where the case expects an answer, a refusal or
// "unanswerable". Other case runs (an error, the expected outcome reached) have no verdict.
import type { AskResponse } from '@nl2sql/engine';
import type { ClarifyRecord } from '@nl2sql/records';
import type { Outcome } from '@nl2sql/suite';

/** The clarify verdict of one case run, or null when none applies. */
export function clarifyVerdict(expected: Outcome, response: AskResponse): ClarifyRecord | null {
  const asked = response.status === 'clarify';
  const question = asked && response.answer?.trim() ? response.answer : null;
  if (expected === 'clarify') {
    if (asked) return { verdict: 'clarified', question };
    if (response.status === 'success') return { verdict: 'guessed', question: null };
    return null;
  }
  return asked ? { verdict: 'asked_needlessly', question } : null;
}
