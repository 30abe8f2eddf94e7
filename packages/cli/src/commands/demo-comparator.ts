import type { Command } from '../command.js';

export const demoComparator: Command = {
  path: ['demo', 'comparator'],
  summary: 'Show what the strict and lenient scores accept, on Chinook',
  usage: '[--json] [--db PATH]',
  positionals: [0, 0],
  options: {
    json: { type: 'boolean' },
    db: { type: 'string' },
  },
  help: [
    'Runs the comparator demo: each demo case has a gold query and a query of the kind a',
    'model writes; both run on the Chinook database and their rows are compared strictly',
    'and leniently. The board lists every case, its verdicts and why a verdict failed.',
    '',
    'Options:',
    '  --db PATH   the Chinook SQLite file (default: found via NL2SQL_DATA_DIR, a',
    '              shared/datasets folder beside the checkout, or a verified download)',
    '  --json      print the results as JSON instead of the board',
    '',
    'Exit codes: 0 the demo ran; 3 the database could not be found or verified.',
  ].join('\n'),
  load: () => import('../actions/demo-comparator.js').then((m) => m.runDemoComparator),
};
