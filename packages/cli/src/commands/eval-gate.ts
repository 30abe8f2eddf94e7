import type { Command } from '../command.js';
import { configOption, gateOptions } from './gate-options.js';

export const evalGate: Command = {
  path: ['eval', 'gate'],
  summary: 'Gate saved run(s) against the newest comparable baseline records',
  description: [
    'Reads the records of each REPORT (a file saved by `eval run --save`, or a record file),',
    'finds for each config the newest comparable record under the baseline folder (same',
    'mode, suite digest and schema; in mode full also roles and curated answers) and runs',
    'the regression gate: cases flipped pass -> fail, McNemar in mode full, cost per case.',
  ].join('\n'),
  arguments: [
    {
      name: 'REPORT',
      required: true,
      variadic: true,
      description: 'a saved run or a record file',
    },
  ],
  options: [
    { name: 'baseline', value: 'DIR', description: 'the records folder (default: benchmarks)' },
    ...gateOptions,
    configOption,
    {
      name: 'allow-partial',
      description:
        'let a run that lacks some of the baseline case runs pass (by default the gate fails and lists them; default evals.yaml gate.allow_partial)',
    },
    { name: 'json', description: 'print the gate result as JSON' },
  ],
  exitCodes: {
    0: 'the gate passed',
    1: 'the gate failed (a check, or baseline case runs the run lacks)',
    2: 'usage: unknown flag, malformed value (e.g. --alpha 2), no REPORT',
    3: 'no comparable baseline (the reason for each record passed over is given), or an unreadable report',
  },
  load: () => import('../actions/eval-gate.js').then((m) => m.runEvalGate),
};
