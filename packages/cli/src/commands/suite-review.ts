import type { Command } from '../command.js';
import { numberFlag } from '../number-flag.js';
import { configOption } from './gate-options.js';
import { maxSuiteMbOption } from './suite-size-option.js';

export const suiteReview: Command = {
  path: ['suite', 'review'],
  summary: 'List the draft cases of a suite, or approve some',
  description: [
    'Without --approve: lists every case that says approved: false with its question, where',
    'it came from, the outcome per role, its SQL and the first rows it returns. With',
    '--approve ID,..: marks those cases approved (only approved cases run and are scored).',
    'An id the suite does not have refuses the whole request; nothing is written.',
  ].join('\n'),
  arguments: [
    {
      name: 'SUITE',
      required: false,
      description: 'the suite file (default: the first suite of evals.yaml)',
    },
  ],
  options: [
    configOption,
    { name: 'approve', value: 'ID,..', repeatable: true, description: 'approve these cases' },
    {
      name: 'rows',
      value: 'N',
      parse: numberFlag({ kind: 'integer', expects: 'a whole number, at least 0', min: 0 }),
      description: 'rows shown per case (default 5)',
    },
    maxSuiteMbOption,
  ],
  exitCodes: {
    0: 'drafts listed, or the cases approved',
    2: 'usage: an --approve id the suite does not have (nothing written)',
    3: 'suite or project unreadable, or a packaged suite to approve in',
  },
  load: () => import('../actions/suite-review.js').then((m) => m.runSuiteReview),
};
