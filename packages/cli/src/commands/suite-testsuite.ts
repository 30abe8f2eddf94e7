import type { Command } from '../command.js';
import { numberFlag } from '../number-flag.js';
import { configOption } from './gate-options.js';
import { maxSuiteMbOption } from './suite-size-option.js';

export const suiteTestsuite: Command = {
  path: ['suite', 'testsuite'],
  summary: "Build a suite's test suite (fuzzed variant databases) beside it, from a seed",
  description: [
    "Test-suite accuracy (001 §5.2): fuzzes candidate databases from the database's schema by",
    'seed, mutates every approved answerable gold (drop or negate a predicate, flip < and <=,',
    'a neighbouring literal, INNER <-> LEFT, DISTINCT, aggregates, LIMIT, ORDER BY), and keeps',
    'the few variants that tell the golds from the most mutants. Writes <suite>.testsuite/',
    'manifest.json (seeds, digests, figures, surviving mutants to check by hand) and the',
    'variant files; the same seed writes the same bytes. `eval run` scores on it from then on.',
  ].join('\n'),
  arguments: [
    {
      name: 'PATH',
      required: false,
      description:
        "the suite: a file, or the name of one of evals.yaml's suites (default: its only suite; without evals.yaml, the Chinook suite)",
    },
  ],
  options: [
    configOption,
    {
      name: 'db',
      value: 'PATH',
      description:
        "the SQLite database (default: evals.yaml's one SQLite datasource; without evals.yaml, the verified Chinook file)",
    },
    {
      name: 'seed',
      value: 'N',
      parse: numberFlag({ kind: 'integer', expects: 'a whole number', min: 0 }),
      description: 'the seed every variant is derived from (default 1)',
    },
    {
      name: 'candidates',
      value: 'N',
      parse: numberFlag({ kind: 'integer', expects: 'a whole number, at least 1', min: 1 }),
      description: 'candidate variants to fuzz before distilling (default 40)',
    },
    {
      name: 'max-variants',
      value: 'N',
      parse: numberFlag({ kind: 'integer', expects: 'a whole number, at least 1', min: 1 }),
      description: 'most variants to keep beside the original (default 10)',
    },
    {
      name: 'allow-packaged',
      description:
        'write the test suite of a suite that ships inside a package (the Chinook suite is one); for its own checkout',
    },
    maxSuiteMbOption,
  ],
  exitCodes: {
    0: 'the test suite was written',
    2: 'usage',
    3: 'suite or database unreadable, a packaged suite without --allow-packaged, a gold that fails on the database, a schema the generator cannot fill',
  },
  load: () => import('../actions/suite-testsuite.js').then((m) => m.runSuiteTestsuite),
};
