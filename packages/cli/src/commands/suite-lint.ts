import { SUITE_MODES } from '@nl2sql/suite';
import type { Command } from '../command.js';
import { configOption } from './gate-options.js';
import { maxSuiteMbOption } from './suite-size-option.js';

export const suiteLint: Command = {
  path: ['suite', 'lint'],
  summary: 'Check a suite file against the case format, its database and its access policy',
  description: [
    'Loads the suite (format errors name file, line, case and field), then runs the lint',
    'rules of the modes asked for: ids, datasources, tags, outcomes against the access',
    'policy, tables and columns read by the SQL, rows against the SQL, plans, alternatives,',
    'paraphrases. Each finding is `file:line: case: rule (error|warning): message`; errors',
    'are what `eval run` refuses to run in that mode. With an evals.yaml (or --config) the',
    'cases are checked against its datasources (each case against the one it names) and its',
    'policy, and PATH defaults to its first suite; without one, PATH defaults to the Chinook suite.',
    'With a policy, an alternative that reads tables some allowed role may not read is listed',
    'with the roles it counts for (`case: alt_sql[N] reads T: counts for R, not for S`; JSON:',
    "`alternatives`). The Chinook suite keeps alternatives to their case's tables (alt-same-tables).",
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
      name: 'mode',
      value: 'M,..',
      choices: SUITE_MODES,
      repeatable: true,
      description:
        'the run modes to lint for (default: those the suite declares: full, engine and retrieval, and plans when any case has a plan)',
    },
    {
      name: 'db',
      value: 'PATH',
      description:
        "the SQLite database the cases ask about, in place of the project's one datasource (default: evals.yaml's datasources; without evals.yaml, for the Chinook suite, the verified Chinook file); without any, schema and row-width rules are skipped",
    },
    {
      name: 'policy',
      value: 'FILE',
      description:
        'access policy JSON: {"roles": {"NAME": {"tables": ["T", ...]}}} (default: the policy of evals.yaml; without evals.yaml, for the Chinook suite, CHINOOK_POLICIES)',
    },
    {
      name: 'roles',
      value: 'R,..',
      repeatable: true,
      description: 'the roles a run will ask as: every case must list each in its outcome map',
    },
    maxSuiteMbOption,
    { name: 'json', description: 'print the findings as JSON' },
  ],
  exitCodes: {
    0: 'no findings',
    1: 'findings (errors or warnings), or a suite that cannot be read (format, alias, size)',
    2: 'usage: unknown flag or mode',
    3: 'database, policy or evals.yaml unreadable (missing, a directory, not SQLite, not JSON, not the evals.yaml format, a variable it names not set)',
  },
  load: () => import('../actions/suite-lint.js').then((m) => m.runSuiteLint),
};
