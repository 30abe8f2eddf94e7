// What an ask carries beside its question for the planner to read: a benchmark's evidence
// (BIRD), instructions (defog) and the date "today" means. Stated on lines of their own
// before the question line, and only when given: a prompt for an ask without them is
// byte for byte what it was, so recorded prompts and the gold-plan fake LLM still match.

import type { AskRequest } from '@nl2sql/engine';

/** The lines to add to the planner's prompt ('' when the ask carries none). */
export function questionContext(
  request: Pick<AskRequest, 'evidence' | 'instructions' | 'as_of_date'>,
): string {
  const oneLine = (text: string) => text.replace(/\s*\n\s*/g, ' ');
  const lines = [
    request.evidence !== undefined ? `Evidence: ${oneLine(request.evidence)}` : '',
    request.instructions !== undefined ? `Instructions: ${oneLine(request.instructions)}` : '',
    request.as_of_date !== undefined ? `Today is ${request.as_of_date}.` : '',
  ].filter((line) => line !== '');
  return lines.join('\n');
}
