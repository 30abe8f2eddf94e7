import type { Command } from '../command.js';

export const evalReport: Command = {
  path: ['eval', 'report'],
  summary: 'Write saved runs as one self-contained HTML page',
  description: [
    'Renders one or more runs saved by `eval run --save` as one HTML file that opens from',
    'disk, offline: a board per config with Wilson interval bars, comparisons of configs and',
    'of each run with its baseline (flips, McNemar, the gate), every case run filterable,',
    'with its SQL beside the gold as a diff, its first rows beside the gold rows and its',
    'written answer, and accuracy over time from the records. Each run is matched to its',
    'suite by digest; a suite of another digest is refused.',
  ].join('\n'),
  arguments: [
    {
      name: 'SAVED',
      required: true,
      variadic: true,
      description: 'a run saved by eval run --save',
    },
  ],
  options: [
    { name: 'out', value: 'FILE', description: 'the page to write (default: report.html)' },
    {
      name: 'suite',
      value: 'FILE',
      repeatable: true,
      description:
        'a suite the runs were scored on (default: the Chinook suite, when every run was scored on it)',
    },
    {
      name: 'records',
      value: 'DIR',
      description: 'the records folder (e.g. benchmarks): history charts and baselines',
    },
    {
      name: 'db',
      value: 'PATH',
      description:
        "run each predicted SQL again on this SQLite file to show rows a report did not keep (only where their digest is the run's)",
    },
    { name: 'title', value: 'TEXT', description: 'the page title (default: from the runs)' },
  ],
  notes: [
    'Reports saved since case runs keep their first rows (20) and written answer show them',
    'as saved; for older ones give --db: each query runs again and its rows are shown only',
    "when they are the run's (the same digest), else a note says why not.",
  ].join('\n'),
  exitCodes: {
    0: 'the page was written',
    2: 'usage',
    3: [
      'a saved report that is unreadable or not one `eval run --save` wrote, a suite whose',
      'digest no run has, a records folder or database that cannot be read, or a page that',
      'cannot be written',
    ].join('\n'),
  },
  load: () => import('../actions/eval-report.js').then((m) => m.runEvalReport),
};
