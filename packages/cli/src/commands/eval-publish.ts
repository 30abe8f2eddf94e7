import type { Command } from '../command.js';

export const evalPublish: Command = {
  path: ['eval', 'publish'],
  summary: 'Record saved runs under benchmarks/ and rewrite the results pages',
  description: [
    'Run from the repo root. Writes the records of each REPORT (saved by `eval run --save`,',
    'or a record file) as new files under the benchmarks folder (records are never edited:',
    'a taken name gets -2, -3 ...; a record already there byte for byte is not written',
    "again), then rewrites the benchmarks page, the README's results block and the history",
    'chart (accuracy over time per mode and database, an SVG both pages show) from every',
    'record. It reads no clock: the same records give byte-identical files. Everything is',
    'checked first and then written together, so a failure writes nothing: fix the cause',
    'and run it again.',
  ].join('\n'),
  arguments: [
    {
      name: 'REPORT',
      required: false,
      variadic: true,
      description: 'a run saved by eval run --save, or a record file',
    },
  ],
  options: [
    { name: 'benchmarks', value: 'DIR', description: 'the records folder (default: benchmarks)' },
    {
      name: 'page',
      value: 'FILE',
      description: 'the benchmarks page (default: docs/benchmarks.md)',
    },
    {
      name: 'readme',
      value: 'FILE',
      description: 'the README with the results markers (default: README.md)',
    },
    {
      name: 'history',
      value: 'FILE',
      description: 'the history chart (default: docs/history.svg)',
    },
    {
      name: 'check',
      description:
        'write nothing; exit 1 when the committed pages or chart are not what the records make (for CI)',
    },
  ],
  exitCodes: {
    0: 'pages written, or up to date with --check',
    1: '--check found stale pages or a stale chart',
    2: 'usage',
    3: [
      'an unreadable or invalid report or record, a README without exactly one pair of',
      'results markers, or a file that cannot be written (nothing was written)',
    ].join('\n'),
  },
  load: () => import('../actions/eval-publish.js').then((m) => m.runEvalPublish),
};
