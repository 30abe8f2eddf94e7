import type { Command } from '../command.js';

export const suiteLint: Command = {
  path: ['suite', 'lint'],
  summary: 'Check a suite file against the case format, its database and its access policy',
  usage: '[PATH] [--db PATH] [--policy FILE] [--json]',
  positionals: [0, 1],
  options: {
    db: { type: 'string' },
    policy: { type: 'string' },
    json: { type: 'boolean' },
  },
  help: [
    'Loads the suite (format errors name file, line, case and field), then runs every lint',
    'rule: ids, tags, outcomes against the access policy, tables and columns read by the',
    'SQL and the plans, alternatives, paraphrases. Without PATH it lints the Chinook suite.',
    '',
    'Options:',
    '  --db PATH       the SQLite database the cases ask about (default for the Chinook',
    '                  suite: the verified Chinook file); without it, schema rules are skipped',
    '  --policy FILE   access policy JSON: {"roles": {"NAME": {"tables": ["T", ...]}}}',
    '                  (default for the Chinook suite: CHINOOK_POLICIES)',
    '  --json          print the findings as JSON',
    '',
    'Exit codes: 0 no findings; 1 findings or an unreadable suite; 2 usage; 3 database or',
    'policy unreadable.',
  ].join('\n'),
  load: () => import('../actions/suite-lint.js').then((m) => m.runSuiteLint),
};
