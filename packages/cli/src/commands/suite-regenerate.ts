import type { Command } from '../command.js';
import { configOption } from './gate-options.js';
import { maxSuiteMbOption } from './suite-size-option.js';

export const suiteRegenerate: Command = {
  path: ['suite', 'regenerate'],
  summary: "Write a suite's gold rows by running its SQL on the database",
  description: [
    "Runs every case's sql and alt_sql on the database (read-only, one statement each) and",
    'rewrites rows and alt_rows with the deterministic writer; a second run changes no byte.',
    'For an order_matters case it also asks the database which rows the ORDER BY leaves tied',
    '(order_ties: those may come in any order; a LIMIT through a tie accepts any tied row).',
    'Gold rows are only ever written this way. If any statement fails, the file is left as',
    'it was. Review the diff before committing: a changed row is a changed answer key.',
    'With an evals.yaml (or --config) each case is read from the datasource it names, and',
    'PATH defaults to its first suite; a case naming none of them is refused, nothing written.',
  ].join('\n'),
  arguments: [
    {
      name: 'PATH',
      required: false,
      description:
        "the suite file, or the name of one of evals.yaml's suites (default: the project's only suite, several: choose one; without evals.yaml the Chinook suite)",
    },
  ],
  options: [
    configOption,
    {
      name: 'db',
      value: 'PATH',
      description:
        "one SQLite database every case is read from (default: evals.yaml's datasources; without evals.yaml the verified Chinook file)",
    },
    {
      name: 'allow-packaged',
      description:
        'rewrite a suite that ships inside a package (the Chinook suite is one); for its own checkout',
    },
    maxSuiteMbOption,
  ],
  exitCodes: {
    0: 'rows written (or already current)',
    1: 'a statement failed or a result was truncated; the file is unchanged',
    2: 'usage',
    3: 'suite, database or evals.yaml unreadable, packaged without --allow-packaged, or a case naming a datasource the project lacks',
  },
  load: () => import('../actions/suite-regenerate.js').then((m) => m.runSuiteRegenerate),
};
