import { describe, expect, it } from 'vitest';
import { type EfficiencyCase, rves, ves } from '../src/index.js';

const measured = (timeRatio: number): EfficiencyCase => ({ status: 'measured', timeRatio });

describe('ves and rves', () => {
  it('VES: mean sqrt(ratio) over scored cases; incorrect and timed-out predictions score 0', () => {
    const r = ves([
      measured(4),
      measured(1),
      { status: 'incorrect', timeRatio: 0 },
      { status: 'timeout', timeRatio: 0 },
    ]);
    expect(r).toEqual({
      value: 3 / 4,
      scored: 4,
      measured: 2,
      incorrect: 1,
      timeouts: 1,
      unmeasured: 0,
    });
  });

  it('a failed measurement is left out of the mean and counted apart', () => {
    const r = ves([measured(1), { status: 'error', timeRatio: 0 }]);
    expect(r).toMatchObject({ value: 1, scored: 1, unmeasured: 1 });
  });

  it('R-VES as Mini-Dev computes it: the mean of sqrt(bucket reward)', () => {
    const r = rves([
      measured(3),
      measured(1.2),
      measured(0.6),
      { status: 'incorrect', timeRatio: 0 },
    ]);
    expect(r.value).toBeCloseTo((Math.sqrt(1.25) + 1 + Math.sqrt(0.75) + 0) / 4, 12);
    expect(r.rewards).toEqual({ '1.25': 1, '1': 1, '0.75': 1, '0.5': 0, '0.25': 0, '0': 1 });
  });

  it('nothing scored: value null, not 0', () => {
    expect(ves([]).value).toBeNull();
    expect(rves([{ status: 'error', timeRatio: 0 }])).toMatchObject({ value: null, unmeasured: 1 });
  });

  it('gold against itself scores 1 on both', () => {
    expect(ves([measured(1), measured(1)]).value).toBe(1);
    expect(rves([measured(1)]).value).toBe(1);
  });
});
