import type { Command } from '../command.js';

export const init: Command = {
  path: ['init'],
  summary: 'Start a project for your own database: evals.yaml, an empty suite, next steps',
  description: [
    'Introspects the SQLite database and writes, in the working directory: evals.yaml (the',
    'database as its one datasource, a policy whose one role reads every table, the reference',
    'engine and commented stubs for your own engine), an empty suite suites/ID.yaml and a',
    'README.md of next steps (its results block is what eval publish fills). Writes nothing',
    'if any of those files exists already: run it in a folder of its own.',
  ].join('\n'),
  arguments: [],
  options: [
    {
      name: 'db',
      value: 'PATH',
      required: true,
      description: 'the SQLite database the cases ask about',
    },
    {
      name: 'datasource',
      value: 'ID',
      description: "the datasource id (default: the database's file name, e.g. shop)",
    },
  ],
  exitCodes: {
    0: 'the project was written',
    2: 'usage: no --db, a datasource id outside [A-Za-z0-9_.-]',
    3: 'a file init would write exists already (nothing written), or the database is unreadable',
  },
  load: () => import('../actions/init.js').then((m) => m.runInit),
};
