import { caseEntries, type RunsByCase } from './by-case.js';
import { GateInputError } from './gate-input-error.js';
import { type Proportion, proportion } from './proportion.js';

/**
 * pass^k: the share of cases that passed in every one of their passes. It counts cases,
 * not runs, so a flaky case never counts; it is the number to read when asking whether
 * the engine can be relied on (tau-bench). Never above `meanAccuracy` when every case ran
 * the same number of passes.
 */
export function passK(runsByCase: RunsByCase<{ readonly passed: boolean }>): Proportion {
  let count = 0;
  let total = 0;
  for (const [key, runs] of caseEntries(runsByCase)) {
    if (runs.length === 0) {
      // "Passed every pass" is vacuously true for no passes; refuse rather than count it.
      throw new GateInputError('NO_RUNS', `passK: case ${key} has no runs`);
    }
    total++;
    if (runs.every((run) => run.passed)) count++;
  }
  return proportion(count, total, 'passK');
}
