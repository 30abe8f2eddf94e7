import type { Command } from '../command.js';
import { reporterFlag } from '../reporters/reporter-option.js';
import { configOption, gateOptions, minAccuracyOption } from './gate-options.js';
import { maxSuiteMbOption } from './suite-size-option.js';

export const evalMerge: Command = {
  path: ['eval', 'merge'],
  summary: 'Merge the shards of a run (eval run --shard i/n --save) into the whole run',
  description: [
    'Reads the files that `eval run --shard i/n --save FILE` wrote, one per shard, checks',
    'that they are one run split n ways (the same suite digest, engines, database data,',
    'scoring options and settings, every shard 1..n exactly once, none stopped, each case',
    'run in the shard its case id hashes to, and together every task of the run once), and',
    'prints the board of the whole run: the same board, case runs and records an unsharded',
    'run with the same answers makes. --save writes it as `eval run --save` does, for',
    '`eval publish`; --baseline gates it as `eval run --baseline` does.',
  ].join('\n'),
  arguments: [
    {
      name: 'SHARD',
      required: true,
      variadic: true,
      description: "a shard's saved file (eval run --shard i/n --save FILE), one per shard",
    },
  ],
  options: [
    {
      name: 'save',
      value: 'FILE',
      description: 'save the merged report and its records for `nl2sql eval publish`',
    },
    { name: 'note', value: 'TEXT', description: 'what changed, written into the saved records' },
    {
      name: 'baseline',
      value: 'DIR',
      description:
        'gate the merged run against the newest comparable record in DIR; exit 1 when the gate fails, exit 3 when no record there is comparable',
    },
    ...gateOptions,
    minAccuracyOption,
    {
      name: 'allow-partial',
      description:
        'with --baseline: let a run that lacks some of the baseline case runs pass (they are listed either way)',
    },
    {
      name: 'baseline-optional',
      description: 'with --baseline: no comparable record is not an error; the run is not gated',
    },
    {
      name: 'json',
      description: 'print the merged report (and the gate result) as JSON (--reporter json)',
    },
    {
      name: 'reporter',
      value: 'NAME[=FILE]',
      repeatable: true,
      parse: reporterFlag,
      description:
        'how to report the merged run, as `eval run --reporter` (default text): text, json[=FILE], junit=FILE, github, html=FILE, selection=FILE',
    },
    {
      name: 'report',
      value: 'FILE',
      description:
        'also write the merged run as one self-contained HTML page to FILE (--reporter html=FILE)',
    },
    {
      ...configOption,
      description:
        "the project whose gate section sets the limits of --baseline and whose suites are searched for the shards' suite (junit, github, html and selection reporters point into it); default ./evals.yaml, else the built-in Chinook project",
    },
    {
      name: 'suite',
      value: 'FILE',
      description:
        "the suite the shards ran on, when it is not one of the project's suites (found by its digest)",
    },
    maxSuiteMbOption,
  ],
  notes: [
    'The merged records carry the commit the shards ran at (they must agree) and the time',
    'the last shard finished; dollars are summed over the shards, the wall time is the',
    "longest shard's. The reporters are eval run's and write what an unsharded run writes;",
    'those that point into the suite (junit, github, html, selection) need the suite file the',
    "shards ran on: the project's suite (or --suite FILE) whose digest is the shards'.",
    'A stopped shard is refused: finish it with eval run --shard i/n',
    '--journal FILE --resume (a higher --shard-max-cost if its cap stopped it).',
  ].join('\n'),
  exitCodes: {
    0: 'merged (and the gate passed, with --baseline; and every reporter wrote its file)',
    1: [
      'case runs failed in mode plans on the reference engine (every case must pass there),',
      "the gate failed, or a config's strict accuracy is below --min-accuracy",
    ].join('\n'),
    2: 'usage: unknown flag, no SHARD',
    3: [
      'the shards do not make one run (a shard missing or given twice, another suite, engine,',
      'data, option or commit, a stopped shard), a file that is not a shard, no comparable',
      "baseline, the shards' suite not found for a reporter that needs it, or a reporter that",
      'could not write its file, or a config that scored nothing (every case run an error)',
    ].join('\n'),
  },
  load: () => import('../actions/eval-merge.js').then((m) => m.runEvalMerge),
};
