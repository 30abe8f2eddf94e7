import { caseEntries, type RunsByCase } from './by-case.js';
import { type Proportion, proportion } from './proportion.js';

/**
 * Mean accuracy: the share of runs that passed, over every pass of every case. A case
 * that passes two times of three still lifts it; compare `passK`, which counts cases.
 */
export function meanAccuracy(runsByCase: RunsByCase<{ readonly passed: boolean }>): Proportion {
  let count = 0;
  let total = 0;
  for (const [, runs] of caseEntries(runsByCase)) {
    for (const run of runs) {
      total++;
      if (run.passed) count++;
    }
  }
  return proportion(count, total, 'meanAccuracy');
}
