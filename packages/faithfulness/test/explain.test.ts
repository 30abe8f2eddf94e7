import { describe, expect, it } from 'vitest';
import { checkAnswer, explainVerdict } from '../src/index.js';

describe('explainVerdict', () => {
  it('says what failed in one line', () => {
    const verdict = checkAnswer(
      { summary: '**Rock** has 1,300 tracks in 2013, ahead of **Polka**.' },
      { columns: ['Genre', 'Tracks'], rows: [['Rock', 1297]] },
    );
    const line = explainVerdict(verdict);
    expect(line).toBe('unfaithful: 3 of 4 checked unsupported (numbers 1,300, 2013; name "Polka")');
    expect(line).not.toContain('\n');
  });

  it('words the faithful cases', () => {
    const rows = { columns: ['n'], rows: [[59]] };
    expect(explainVerdict(checkAnswer({ summary: 'None.' }, rows))).toBe(
      'faithful: nothing to check (no numbers, quoted or bold names)',
    );
    expect(explainVerdict(checkAnswer({ summary: '59.' }, rows))).toBe(
      'faithful: the 1 number or name checked is supported by the rows or the question',
    );
    expect(explainVerdict(checkAnswer({ summary: '59 and 59' }, rows))).toBe(
      'faithful: all 2 numbers and names checked are supported by the rows or the question',
    );
  });

  it('words a single unsupported name', () => {
    const line = explainVerdict({
      faithful: false,
      unsupported_numbers: [],
      unsupported_entities: ['Polka', 'Ska'],
      checked: 5,
    });
    expect(line).toBe('unfaithful: 2 of 5 checked unsupported (names "Polka", "Ska")');
  });
});
