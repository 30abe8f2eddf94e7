import { describe, expect, it } from 'vitest';
import { checkAnswer } from '../src/index.js';
import { chinookCases } from './chinook-cases.js';

describe('checkAnswer on real Chinook results', () => {
  it('has at least 40 labelled cases', () => {
    expect(chinookCases.length).toBeGreaterThanOrEqual(40);
  });

  it.each(chinookCases.map((c) => [`${c.id}: ${c.rule}`, c] as const))('%s', (_, c) => {
    const verdict = checkAnswer(
      { summary: c.summary, content: c.content },
      { columns: c.columns, rows: c.rows },
      c.question,
    );
    expect({
      faithful: verdict.faithful,
      unsupported_numbers: verdict.unsupported_numbers,
      unsupported_entities: verdict.unsupported_entities,
      checked: verdict.checked,
    }).toEqual({
      faithful: c.unsupported_numbers.length === 0 && c.unsupported_entities.length === 0,
      unsupported_numbers: c.unsupported_numbers,
      unsupported_entities: c.unsupported_entities,
      checked: c.checked,
    });
  });
});
