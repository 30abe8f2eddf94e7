import { describe, expect, it } from 'vitest';
import { goldAnswer } from '../src/gold-plan-responder.js';
import { questionFromPrompt, questionLine } from '../src/prompt-question.js';
import { questionKey } from '../src/question-key.js';

describe('goldAnswer', () => {
  it('states only the row count and the first row', () => {
    expect(goldAnswer([])).toBe('The query returned no rows.');
    expect(goldAnswer([[59]])).toBe('The answer is 59.');
    expect(
      goldAnswer([
        ['USA', 13],
        ['Canada', 8],
      ]),
    ).toBe('2 rows; the first is USA, 13.');
    expect(goldAnswer([['Rock', null]])).toBe('1 row; the first is Rock, NULL.');
  });
});

describe('question line', () => {
  it('round-trips a question through a prompt, newlines folded', () => {
    const prompt = `Schema:\nTrack(...)\n\n${questionLine('How many\n tracks?')}`;
    expect(questionFromPrompt(prompt)).toBe('How many tracks?');
    expect(questionFromPrompt('no question here')).toBeUndefined();
  });

  it('keys questions regardless of case, spacing and final punctuation', () => {
    expect(questionKey('  How many  Tracks? ')).toBe(questionKey('how many tracks'));
    expect(questionKey('How many tracks?')).not.toBe(questionKey('How many albums?'));
  });
});
