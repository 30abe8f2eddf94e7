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
      'McNemar significance (default: evals.yaml gate.mcnemar_alpha, else 0.05 in mode full and for an external engine, kind engine)',
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
  {
    name: 'max-executions-increase',
    value: 'X',
    parse: numberFlag({
      kind: 'decimal',
      expects: 'a fraction, 0 or more (0.25 is +25%)',
      min: 0,
    }),
    description:
      'allowed relative rise in SQL executions per question of the trajectories (default: evals.yaml gate.max_executions_increase, else 0.25 in modes plans and full)',
  },
];

/**
 * `--min-accuracy RATE` (`eval run`, `eval merge`): the strict accuracy each config must
 * reach, with or without a baseline; a rate, not a percentage, like the other limits.
 */
export const minAccuracyOption: OptionSpec = {
  name: 'min-accuracy',
  value: 'RATE',
  parse: numberFlag({
    kind: 'decimal',
    expects: 'a rate between 0 and 1 (0.8 is 80%)',
    min: 0,
    max: 1,
  }),
  description:
    "exit 1 when a config's strict accuracy is below RATE (0 to 1), printed with its Wilson 95% interval; with or without --baseline (default: evals.yaml gate.min_accuracy, else none)",
};

/** `--config FILE`: the project file, for every command that reads one. */
export const configOption: OptionSpec = {
  name: 'config',
  value: 'FILE',
  description:
    'the project file (default: evals.yaml in the working directory, else the built-in Chinook project)',
};
