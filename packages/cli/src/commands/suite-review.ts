import type { Command } from '../command.js';
import { numberFlag } from '../number-flag.js';
import { configOption } from './gate-options.js';
import { maxSuiteMbOption } from './suite-size-option.js';

export const suiteReview: Command = {
  path: ['suite', 'review'],
  summary: 'List draft cases and alt_sql proposals of a suite, or approve / reject some',
  description: [
    'Without an action: lists every case that says approved: false with its question, where',
    'it came from, the outcome per role, its SQL and the first rows it returns; then every',
    'alt_sql proposal waiting in the review queue <suite>.proposals.yaml (SQL a calibrated',
    'judge found equivalent to the gold although its rows differ, written by eval run --judge)',
    "with its label CASE_ID#N, the question, the gold SQL, the proposed SQL, the judge's",
    'reason, the judge, the date and the roles. --json prints the same as one JSON object.',
    'With --approve ID,..: marks those draft cases approved (only approved cases run).',
    'With --approve-proposal ID,..: adds each proposed SQL to its case as an alt_sql,',
    'regenerates that case (rows and alt_rows, as suite regenerate does, from the',
    "project's datasources or --db) and removes the proposal from the queue. With",
    '--reject-proposal ID,..: removes them from the queue into its rejected list, so later',
    'runs never propose that SQL for that case again. One request is all or nothing: an id',
    'the suite or queue lacks, SQL already a gold, an alternative that fails to run, or one',
    'that would fail suite lint (0 or over 25 rows, a table the case does not list) refuses',
    'the whole of it with its place, and nothing is written. With --json, what was approved,',
    'rejected and written (or the refusal, with its exit code) is one JSON object on stdout.',
  ].join('\n'),
  notes: [
    'A proposal ID is CASE_ID#N (the Nth proposal of the case, as listed), or CASE_ID when',
    'the case has one. A suite that ships inside a package (the Chinook one) keeps its queue',
    'in the working folder; approving into it is refused: copy the suite there first.',
    'The suite is written before the queue: a proposal whose SQL the case already holds (a',
    'review stopped between the two, or SQL added by hand) is dropped, with a note, by the',
    'next --approve-proposal or --reject-proposal; rejecting such SQL is refused.',
  ].join('\n'),
  arguments: [
    {
      name: 'SUITE',
      required: false,
      description:
        "the suite file, or the name of one of evals.yaml's suites (default: its only suite; several: choose one)",
    },
  ],
  options: [
    configOption,
    {
      name: 'approve',
      value: 'ID,..|all',
      repeatable: true,
      description:
        'approve these draft cases, or every draft (all); a draft without gold rows is not approved',
    },
    {
      name: 'approve-proposal',
      value: 'ID,..',
      repeatable: true,
      description: 'approve these alt_sql proposals into the suite (CASE_ID#N)',
    },
    {
      name: 'reject-proposal',
      value: 'ID,..',
      repeatable: true,
      description: 'reject these alt_sql proposals (remembered; not proposed again)',
    },
    {
      name: 'db',
      value: 'PATH',
      description:
        "one SQLite database approved proposals' rows are read from (default: evals.yaml's datasources; without evals.yaml the verified Chinook file)",
    },
    {
      name: 'allow-packaged',
      description:
        'approve proposals into a suite that ships inside a package (for its own checkout)',
    },
    {
      name: 'json',
      description:
        'print the drafts and proposals, or what --approve-proposal / --reject-proposal did (or why not), as JSON',
    },
    {
      name: 'rows',
      value: 'N',
      parse: numberFlag({ kind: 'integer', expects: 'a whole number, at least 0', min: 0 }),
      description: 'rows shown per draft case (default 5)',
    },
    maxSuiteMbOption,
  ],
  exitCodes: {
    0: 'listed, or the cases / proposals approved or rejected',
    1: "a draft without gold rows was not approved (the others were); a proposal's case is gone or unanswerable, the same SQL is approved twice or rejected although the case holds it, it failed to run, or the case would fail suite lint with it (nothing written)",
    2: 'usage: an id the suite or the queue does not have, a case with several proposals named without #N (nothing written)',
    3: 'suite, queue, database or project unreadable, suite or queue unwritable, or a packaged suite to approve into',
  },
  load: () => import('../actions/suite-review.js').then((m) => m.runSuiteReview),
};
