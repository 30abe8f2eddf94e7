import { checkAnswer, type ResultRows, scanNames, scanNumbers } from '@nl2sql/faithfulness';
import type { AnswerPart, AnswerView } from './report-data.js';
import type { SavedAnswer, SavedScore } from './saved-run.js';

/**
 * The written answer with the numbers and names the faithfulness checker found unsupported
 * marked where they are written. Which ones are unsupported comes from the saved
 * faithfulness score; without one, and with the run's whole result at hand, the checker
 * (@nl2sql/faithfulness) is run now on the same answer, rows and question. Without either,
 * the answer is shown unmarked (`checked` null).
 */
export function answerView(
  answer: SavedAnswer,
  score: SavedScore | undefined,
  rows: ResultRows | null,
  question: string | null,
): AnswerView {
  let numbers: readonly string[] | null = strings(score?.detail.unsupported_numbers);
  let names: readonly string[] | null = strings(score?.detail.unsupported_entities);
  let checked = typeof score?.detail.checked === 'number' ? score.detail.checked : null;
  if ((numbers === null || names === null) && rows !== null) {
    const verdict = checkAnswer(answer, rows, question);
    numbers = verdict.unsupported_numbers;
    names = verdict.unsupported_entities;
    checked = verdict.checked;
  }
  const parts: AnswerPart[] = [];
  const add = (label: AnswerPart['label'], text: string | null) => {
    if (!text) return;
    parts.push({ label, text, marks: markSpans(text, numbers ?? [], names ?? []) });
  };
  add('summary', answer.summary);
  add('answer', answer.content);
  return { parts, checked: numbers === null ? null : checked };
}

/** Where each unsupported number or name is written in `text`, in order, not overlapping. */
export function markSpans(
  text: string,
  numbers: readonly string[],
  names: readonly string[],
): AnswerPart['marks'] {
  const badNumbers = new Set(numbers);
  const badNames = new Set(names);
  const found = [
    ...scanNumbers(text)
      .filter((c) => badNumbers.has(c.written))
      .map((c) => ({ start: c.start, end: c.end, kind: 'number' as const })),
    ...scanNames(text)
      .filter((c) => badNames.has(c.written))
      .map((c) => ({ start: c.start, end: c.end, kind: 'name' as const })),
  ].sort((a, b) => a.start - b.start || b.end - a.end);
  const out: AnswerPart['marks'][number][] = [];
  for (const mark of found) {
    const last = out[out.length - 1];
    if (last && mark.start < last.end) continue;
    out.push(mark);
  }
  return out;
}

function strings(value: unknown): string[] | null {
  return Array.isArray(value) && value.every((v) => typeof v === 'string')
    ? (value as string[])
    : null;
}
