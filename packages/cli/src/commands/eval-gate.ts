import type { Command } from '../command.js';

export const evalGate: Command = {
  path: ['eval', 'gate'],
  summary: 'Gate saved run(s) against the newest comparable baseline records',
  usage:
    'REPORT... [--baseline DIR] [--max-regressions N] [--alpha P] [--max-cost-increase X] [--json]',
  positionals: [1, 64],
  options: {
    baseline: { type: 'string' },
    'max-regressions': { type: 'string' },
    alpha: { type: 'string' },
    'max-cost-increase': { type: 'string' },
    json: { type: 'boolean' },
  },
  help: [
    'Reads the records of each REPORT (a file saved by `eval run --save`, or a record file),',
    'finds for each config the newest comparable record under the baseline folder (same',
    'mode, suite digest and schema; in mode full also roles and curated answers) and runs',
    'the regression gate: cases flipped pass -> fail, McNemar in mode full, cost per case.',
    '',
    'Options:',
    '  --baseline DIR            the records folder (default: benchmarks)',
    '  --max-regressions N       cases allowed to flip pass -> fail (default 2 in full, 0 otherwise)',
    '  --alpha P                 McNemar significance in mode full (default 0.05)',
    '  --max-cost-increase X     allowed relative rise in cost per case run (default 0.2)',
    '  --json                    print the gate result as JSON',
    '',
    'Exit codes: 0 the gate passed; 1 it failed; 2 usage; 3 no comparable baseline or an',
    'unreadable report.',
  ].join('\n'),
  load: () => import('../actions/eval-gate.js').then((m) => m.runEvalGate),
};
