import type { OptionSpec } from '../command.js';
import { numberFlag } from '../number-flag.js';

/**
 * The gate's limits as flags, for every command that gates (`eval gate`, `eval run
 * --baseline`). Each replaces the value of evals.yaml's `gate` section, which replaces the
 * mode's default.
 */
export const gateOptions: readonly OptionSpec[] = [
  {
    name: 'max-regressions',
    value: 'N',
    parse: numberFlag({ kind: 'integer', expects: 'a whole number, 0 or more', min: 0 }),
    description:
      'cases allowed to flip pass -> fail (default: evals.yaml gate.max_regressions, else 2 in full, 0 otherwise)',
  },
  {
    name: 'alpha',
    value: 'P',
    parse: numberFlag({
      kind: 'decimal',
      expects: 'a significance level between 0 and 1 (exclusive)',
      min: 0,
      minExclusive: true,
      max: 1,
      maxExclusive: true,
    }),
    description:
      'McNemar significance (default: evals.yaml gate.mcnemar_alpha, else 0.05 in mode full)',
  },
  {
    name: 'max-cost-increase',
    value: 'X',
    parse: numberFlag({
      kind: 'decimal',
      expects: 'a fraction, 0 or more (0.2 is +20%)',
      min: 0,
    }),
    description:
      'allowed relative rise in cost per case run (default: evals.yaml gate.max_cost_increase, else 0.2)',
  },
];

/** `--config FILE`: the project file, for every command that reads one. */
export const configOption: OptionSpec = {
  name: 'config',
  value: 'FILE',
  description:
    'the project file (default: evals.yaml in the working directory, else the built-in Chinook project)',
};
