import type { FaithfulnessVerdict } from './check-answer.js';

/**
 * One readable line for a verdict, as the CLI prints it:
 * `unfaithful: 2 of 9 checked unsupported (numbers 1,300, 2013; names "Polka")`.
 */
export function explainVerdict(verdict: FaithfulnessVerdict): string {
  const { checked, unsupported_numbers: numbers, unsupported_entities: names } = verdict;
  if (verdict.faithful) {
    if (checked === 0) return 'faithful: nothing to check (no numbers, quoted or bold names)';
    const what =
      checked === 1
        ? 'the 1 number or name checked is'
        : `all ${checked} numbers and names checked are`;
    return `faithful: ${what} supported by the rows or the question`;
  }
  const parts: string[] = [];
  if (numbers.length > 0) {
    parts.push(`${numbers.length === 1 ? 'number' : 'numbers'} ${numbers.join(', ')}`);
  }
  if (names.length > 0) {
    const quoted = names.map((name) => `"${name}"`).join(', ');
    parts.push(`${names.length === 1 ? 'name' : 'names'} ${quoted}`);
  }
  const count = numbers.length + names.length;
  return `unfaithful: ${count} of ${checked} checked unsupported (${parts.join('; ')})`;
}
