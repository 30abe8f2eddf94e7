import { describe, expect, it } from 'vitest';
import { byCase, GateInputError, meanAccuracy } from '../src/index.js';
import { runsOf } from './fixtures.js';

describe('meanAccuracy', () => {
  it('counts runs, so a case passing two times of three still lifts it', () => {
    const groups = byCase(runsOf({ chinook_001: 'PPF', chinook_002: 'FFF' }));
    expect(meanAccuracy(groups)).toEqual({ count: 2, total: 6, rate: 1 / 3 });
  });

  it('is an error with no runs at all', () => {
    expect(() => meanAccuracy({})).toThrow(GateInputError);
    expect(() => meanAccuracy({ a: [] })).toThrow('meanAccuracy: no runs to count');
  });
});
