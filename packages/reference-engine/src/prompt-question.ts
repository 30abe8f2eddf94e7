// Every LLM node's prompt states the question on one line that starts with QUESTION_PREFIX,
// so a fake model (the gold-plan responder) can tell which case is being asked.

export const QUESTION_PREFIX = 'Question: ';

export function questionLine(question: string): string {
  // One line: a newline inside the question would end it early.
  return `${QUESTION_PREFIX}${question.replace(/\s*\n\s*/g, ' ')}`;
}

/** The question stated in a prompt, or undefined when it states none. */
export function questionFromPrompt(prompt: string): string | undefined {
  for (const line of prompt.split('\n')) {
    if (line.startsWith(QUESTION_PREFIX)) return line.slice(QUESTION_PREFIX.length);
  }
  return undefined;
}
