import type { Command } from '../command.js';

export const init: Command = {
  path: ['init'],
  summary: 'Start a project for your own database: evals.yaml, an empty suite, next steps',
  description: [
    'Introspects the SQLite database and writes, in the working directory: evals.yaml (the',
    'database as its one datasource, a policy whose one role reads every table, the reference',
    'engine and commented stubs for your own engine), an empty suite suites/ID.yaml and a',
    'README.md of next steps (its results block is what eval publish fills). Writes nothing',
    'if any of those files exists already: run it in a folder of its own. With --db',
    'postgres://... it lists the tables over that login and writes the datasource with its',
    'URLs as env references (ID_URL, ID_ROLE_URL for each role), never the password.',
  ].join('\n'),
  arguments: [],
  options: [
    {
      name: 'db',
      value: 'PATH',
      required: true,
      description: 'the SQLite database the cases ask about, or a postgres:// URL',
    },
    {
      name: 'datasource',
      value: 'ID',
      description: "the datasource id (default: the database's file name, e.g. shop)",
    },
    {
      name: 'roles',
      value: 'ROLE,..',
      description: 'postgres: the policy roles, each reading every table (default: one, analyst)',
    },
  ],
  exitCodes: {
    0: 'the project was written',
    2: 'usage: no --db, a URL that does not parse, a datasource id or role outside [A-Za-z0-9_.-]',
    3: 'a file init would write exists already (nothing written), or the database is unreadable (a refused login is named without its password)',
  },
  load: () => import('../actions/init.js').then((m) => m.runInit),
};
