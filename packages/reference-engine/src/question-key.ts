// The key a question is looked up by in the curated bank and the plan cache: case, spacing and
// trailing punctuation do not make a different question.

export function questionKey(question: string): string {
  return question
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/[\s?.!]+$/u, '')
    .trim();
}
