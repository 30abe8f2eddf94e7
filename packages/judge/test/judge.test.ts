import { describe, expect, it } from 'vitest';
import { formatJudgeIdentity, sameJudgeIdentity } from '../src/judge.js';
import { IDENTITY } from './records.js';

describe('judge identity', () => {
  it('prints provider, model, temperature and prompt version', () => {
    expect(formatJudgeIdentity(IDENTITY)).toBe(
      'openai:gpt-5.4 (temperature 0, prompt sql-equivalence/1)',
    );
    expect(formatJudgeIdentity({ ...IDENTITY, provider: 'anthropic', temperature: null })).toBe(
      'anthropic:gpt-5.4 (no temperature, prompt sql-equivalence/1)',
    );
  });

  it('is the same only when every part is', () => {
    expect(sameJudgeIdentity(IDENTITY, { ...IDENTITY })).toBe(true);
    for (const change of [
      { provider: 'openrouter' },
      { model: 'gpt-5.4-mini' },
      { temperature: null },
      { promptVersion: 'sql-equivalence/2' },
    ])
      expect(sameJudgeIdentity(IDENTITY, { ...IDENTITY, ...change })).toBe(false);
  });
});
