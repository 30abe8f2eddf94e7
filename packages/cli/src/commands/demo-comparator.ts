import type { Command } from '../command.js';

export const demoComparator: Command = {
  path: ['demo', 'comparator'],
  summary: 'Show what the strict and lenient scores accept, on Chinook',
  description: [
    'Runs the comparator demo: each demo case has a gold query and a query of the kind a',
    'model writes; both run on the Chinook database and their rows are compared strictly',
    'and leniently. The board lists every case, its verdicts and why a verdict failed.',
  ].join('\n'),
  arguments: [],
  options: [
    {
      name: 'db',
      value: 'PATH',
      description:
        'the Chinook SQLite file (default: found via NL2SQL_DATA_DIR, a shared/datasets folder beside the checkout, or a verified download)',
    },
    { name: 'json', description: 'print the results as JSON instead of the board' },
  ],
  exitCodes: {
    0: 'the demo ran',
    2: 'usage',
    3: 'the database could not be found, verified or opened',
  },
  load: () => import('../actions/demo-comparator.js').then((m) => m.runDemoComparator),
};
