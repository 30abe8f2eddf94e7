import type { Command } from '../command.js';

export const evalPublish: Command = {
  path: ['eval', 'publish'],
  summary: 'Record saved runs under benchmarks/ and rewrite the results pages',
  usage: '[REPORT...] [--benchmarks DIR] [--page FILE] [--readme FILE] [--check]',
  positionals: [0, 64],
  options: {
    benchmarks: { type: 'string' },
    page: { type: 'string' },
    readme: { type: 'string' },
    check: { type: 'boolean' },
  },
  help: [
    'Run from the repo root. Writes the records of each REPORT (saved by `eval run --save`)',
    'as new files under the benchmarks folder (records are never edited: a taken name gets',
    '-2, -3 ...), then reads every record and rewrites the benchmarks page and the',
    "README's results block. It reads no clock: the same records give byte-identical pages.",
    '',
    'Options:',
    '  --benchmarks DIR   the records folder (default: benchmarks)',
    '  --page FILE        the benchmarks page (default: docs/benchmarks.md)',
    '  --readme FILE      the README with the results markers (default: README.md)',
    '  --check            write nothing; exit 1 when the committed pages are not what the',
    '                     records make (for CI)',
    '',
    'Exit codes: 0 ok; 1 --check found stale pages; 2 usage; 3 an unreadable report or a',
    'README without the results markers.',
  ].join('\n'),
  load: () => import('../actions/eval-publish.js').then((m) => m.runEvalPublish),
};
