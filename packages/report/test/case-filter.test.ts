import { describe, expect, it } from 'vitest';
import { loadClient } from './client-script.js';

type Key = Record<string, unknown>;
const { caseKey, caseMatcher } = loadClient<{
  caseKey: (c: unknown, gold: unknown) => Key;
  caseMatcher: (criteria: Record<string, string>) => (key: Key) => boolean;
}>(['case-filter.js'], ['caseKey', 'caseMatcher']);

const none = { status: '', config: '', role: '', scorer: '', tag: '', difficulty: '', text: '' };
const run = (over: Record<string, unknown> = {}) => ({
  tier: null,
  unsafeStep: null,
  trajectory: null,
  clarify: null,
  id: 'chinook_013',
  role: 'sales',
  config: 'gpt',
  status: 'fail',
  expected: 'allowed',
  engineStatus: 'success',
  error: null,
  sql: 'SELECT Name FROM Artist',
  explanation: 'rows differ',
  failed: ['result_match'],
  answer: { parts: [{ text: 'The answer is Björk' }] },
  ...over,
});
const gold = {
  question: 'Which artists sell the most?',
  sql: 'SELECT 1',
  tags: ['join', 'order-limit'],
  difficulty: 'simple',
};

describe('caseMatcher', () => {
  const key = caseKey(run(), gold);

  it('matches everything with no criteria', () => {
    expect(caseMatcher(none)(key)).toBe(true);
  });

  it.each([
    ['status', 'fail', 'pass'],
    ['status', 'not pass', 'pass'],
    ['config', 'gpt', 'plans'],
    ['role', 'sales', 'admin'],
    ['scorer', 'result_match', 'faithfulness'],
    ['tag', 'order-limit', 'date'],
    ['difficulty', 'simple', 'complex'],
    ['text', 'ARTISTS sell', 'customers'],
    ['text', 'björk', 'bjork'],
    ['text', 'chinook_013', 'chinook_014'],
  ])('%s: %s matches, %s does not', (field, yes, no) => {
    expect(caseMatcher({ ...none, [field]: yes })(key)).toBe(true);
    expect(caseMatcher({ ...none, [field]: no })(key)).toBe(false);
  });

  it('every search word must occur; a case without suite data has no tags', () => {
    expect(caseMatcher({ ...none, text: 'artists nowhere' })(key)).toBe(false);
    const bare = caseKey(run({ role: null }), undefined);
    expect(caseMatcher({ ...none, tag: 'join' })(bare)).toBe(false);
    expect(caseMatcher({ ...none, text: 'select name' })(bare)).toBe(true);
  });
});

describe('caseMatcher: verdict tier, trajectory and clarify', () => {
  const traced = run({
    tier: 'judge',
    unsafeStep: 1,
    trajectory: {
      steps: [
        { kind: 'schema', call: 'list_tables', target: 'Invoice' },
        { kind: 'sql', sql: 'DELETE FROM Invoice', error: null, unsafe: 'writes' },
        { kind: 'sql', sql: 'SELECT Nme FROM Artist', error: 'no such column: Nme' },
      ],
      errors: 1,
      recovered: true,
    },
    clarify: { verdict: 'asked_needlessly', question: 'Which invoices do you mean?' },
  });
  const key = caseKey(traced, gold);
  const plain = caseKey(run(), gold);

  it.each([
    ['tier', 'judge', 'ast'],
    ['process', 'unsafe step', 'nothing'],
    ['process', 'saw an error', 'nothing'],
    ['process', 'recovered', 'nothing'],
    ['clarify', 'asked_needlessly', 'clarified'],
    ['text', 'delete from invoice', 'update'],
    ['text', 'no such column', 'no such trigger'],
    ['text', 'which invoices', 'which albums'],
  ])('%s: %s matches, %s does not', (field, yes, no) => {
    expect(caseMatcher({ ...none, [field]: yes })(key)).toBe(true);
    expect(caseMatcher({ ...none, [field]: no })(key)).toBe(false);
  });

  it('a single-shot answer has no trajectory, tier or clarify verdict to match', () => {
    for (const [field, value] of [
      ['tier', 'judge'],
      ['process', 'trajectory'],
      ['clarify', 'guessed'],
    ]) {
      expect(caseMatcher({ ...none, [field!]: value! })(plain)).toBe(false);
    }
    expect(caseMatcher({ ...none, process: 'trajectory' })(key)).toBe(true);
  });
});
