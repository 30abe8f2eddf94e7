import type { Command } from '../command.js';
import { numberFlag } from '../number-flag.js';

export const judgeCalibrate: Command = {
  path: ['judge', 'calibrate'],
  summary: 'Measure an LLM judge on labelled pairs (TPR, TNR) and write its calibration record',
  description: [
    'Runs the judge on every labelled pair of a calibration set (default: the Chinook set',
    'shipped by @nl2sql/datasets, 125 pairs), showing it the schema and both results as a run',
    'would, and reports TPR (equivalent pairs called equivalent) and TNR (the others called',
    'not equivalent) with 95% Wilson intervals. Writes the calibration record `eval run',
    '--judge` requires: it passes when TPR and TNR are at least 0.90 on at least 100 pairs, 30',
    'to 50 of them not equivalent (001 §6). A failed call counts as a wrong answer.',
  ].join('\n'),
  arguments: [],
  options: [
    {
      name: 'llm',
      value: 'CONFIG',
      required: true,
      description: "the judge: a preset, a file or a model, on the 'judge' node",
    },
    {
      name: 'labels',
      value: 'FILE',
      description: 'the labelled pairs (default: the Chinook calibration set)',
    },
    {
      name: 'out',
      value: 'FILE',
      description: 'where to write the calibration record (default judge-calibration.json)',
    },
    {
      name: 'db',
      value: 'PATH',
      description: "the database the pairs' queries run on (default: the verified Chinook file)",
    },
    {
      name: 'concurrency',
      value: 'N',
      parse: numberFlag({ kind: 'integer', expects: 'a whole number, at least 1', min: 1 }),
      description: 'pairs judged at once (default 4)',
    },
  ],
  exitCodes: {
    0: 'the judge passed; the record is written',
    1: 'the judge fell below a threshold; the record is written and says why',
    2: 'usage',
    3: 'labels unreadable or invalid (file, line, pair), database missing, unknown model price, missing key',
  },
  load: () => import('../actions/judge-calibrate.js').then((m) => m.runJudgeCalibrate),
};
