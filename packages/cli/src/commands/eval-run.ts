import { MAX_PASSES } from '@nl2sql/evaluate/options';
import { RUN_MODES } from '@nl2sql/records';
import type { Command } from '../command.js';
import { engineFlag } from '../engine-flag.js';
import { numberFlag } from '../number-flag.js';
import { reporterFlag } from '../reporters/reporter-option.js';
import { shardFlag } from '../shard-flag.js';
import { configOption, gateOptions, minAccuracyOption } from './gate-options.js';
import { maxSuiteMbOption } from './suite-size-option.js';

export { MAX_PASSES };

export const evalRun: Command = {
  path: ['eval', 'run'],
  summary: 'Run the eval suite against an engine and print the board',
  description: [
    'Runs every approved case of the suite once per role in its outcome map (and per pass),',
    'scores each run (result match strict and lenient, outcome, faithfulness in mode full,',
    'routing, static SQL checks as diagnostics) and prints the board: accuracy with 95%',
    'Wilson intervals, pass^k, answerability, dollars, tokens, latency, determinism, and',
    "every failing case with the comparator's explanation.",
    '',
    'Before the first ask the suite is admitted: every case the run compares must have gold',
    'rows, and the lint rules that block a run for its mode must pass (ids unique, known',
    'datasource, tables and columns as the SQL reads them, outcomes as the policy gives,',
    'rows as wide as the SQL, plans in mode plans). `nl2sql suite lint --mode M` lists them.',
  ].join('\n'),
  arguments: [],
  options: [
    {
      name: 'mode',
      value: 'MODE',
      choices: RUN_MODES,
      description: 'what to run (default plans; see Modes below)',
    },
    configOption,
    {
      name: 'suite',
      value: 'FILE',
      description:
        "the suite: a path, or the name of one of evals.yaml's suites (its file name); default the project's only suite (several: choose one), without evals.yaml the Chinook suite shipped by @nl2sql/datasets",
    },
    maxSuiteMbOption,
    {
      name: 'db',
      value: 'PATH',
      description:
        "the SQLite file in place of the project's one datasource (default: evals.yaml's path; without evals.yaml the Chinook file, found or downloaded, verified)",
    },
    {
      name: 'datasource',
      value: 'ID,..',
      repeatable: true,
      description: 'only the cases asking these datasources (ids of evals.yaml)',
    },
    {
      name: 'llm',
      value: 'CONFIG',
      repeatable: true,
      description: 'mode full: a preset, a file, a model, or NAME=any of those; repeat to compare',
    },
    {
      name: 'max-cost',
      value: 'USD',
      parse: numberFlag({
        kind: 'decimal',
        expects: 'a positive number of dollars',
        min: 0,
        minExclusive: true,
      }),
      description:
        'mode full: stop before a case that could pass this many dollars (required there, unless evals.yaml sets run.max_cost_usd)',
    },
    {
      name: 'shard',
      value: 'i/n',
      parse: shardFlag,
      description:
        "run shard i of n: the cases whose id hashes to it (SHA-256 mod n), every role, pass and config of each; --save writes the shard's file for `eval merge` (no gate, no records)",
    },
    {
      name: 'shard-max-cost',
      value: 'USD',
      parse: numberFlag({
        kind: 'decimal',
        expects: 'a positive number of dollars',
        min: 0,
        minExclusive: true,
      }),
      description: "with --shard: this shard's own dollar cap (default: --max-cost divided by n)",
    },
    {
      name: 'passes',
      value: 'N',
      parse: numberFlag({
        kind: 'integer',
        expects: 'a whole number of passes, at least 1',
        min: 1,
        limit: {
          max: MAX_PASSES,
          why: 'each pass asks every case again; run several runs if you need more',
        },
      }),
      description: `ask every case N times, 1 to ${MAX_PASSES} (pass^k and determinism need N > 1; default evals.yaml run.passes, else 1)`,
    },
    {
      name: 'roles',
      value: 'R,..',
      repeatable: true,
      description: 'only these roles (every case must list each in its outcome map)',
    },
    { name: 'cases', value: 'ID,..', repeatable: true, description: 'only these cases' },
    {
      name: 'tags',
      value: 'T,..',
      repeatable: true,
      description: 'only cases with one of these tags',
    },
    {
      name: 'concurrency',
      value: 'N',
      parse: numberFlag({ kind: 'integer', expects: 'a whole number, at least 1', min: 1 }),
      description: 'case runs in flight at once (default evals.yaml run.concurrency, else 4)',
    },
    {
      name: 'ask-timeout',
      value: 'SECONDS',
      parse: numberFlag({
        kind: 'decimal',
        expects: 'a positive number of seconds',
        min: 0,
        minExclusive: true,
      }),
      description:
        "seconds one ask may take; past it the case run is an error with code TIMEOUT (default: the engine's ask_timeout_ms, else run.ask_timeout_ms in evals.yaml, else 120)",
    },
    {
      name: 'top-k',
      value: 'N',
      parse: numberFlag({ kind: 'integer', expects: 'a whole number, at least 1', min: 1 }),
      description:
        "the reference engine's retriever: column and join entries picked per question (default 12)",
    },
    {
      name: 'k',
      value: 'N,..',
      description:
        "mode retrieval: sweep the reference engine's k (as --top-k), one config per value on one board, so recall is read with the amount sent",
    },
    {
      name: 'methods',
      value: 'M,..',
      description:
        "mode retrieval: spec 003's methods on the same cases, one config each (candidates: the retriever's candidates only; completion: candidates + path completion), and 003's comparison table under the board",
    },
    {
      name: 'engine',
      value: 'NAME|URL',
      parse: engineFlag,
      description:
        "the engine to evaluate: a name from evals.yaml's engines (default: default_engine, else its only engine; without evals.yaml the reference engine), or an http(s) URL of a service answering POST URL/ask. An engine other than the reference one is recorded as kind engine",
    },
    {
      name: 'predictions',
      value: 'FILE',
      description:
        "score a file of answers instead of an engine: JSONL or CSV (id, sql, optional role and answer; k lines of one id, or a candidates list, are k candidates), Spider's one SQL per line in the suite's order, or BIRD's sql\\t----- bird -----\\tdb_id; the harness runs each SQL as the case's role; a case without one fails NO_PREDICTION",
    },
    {
      name: 'name',
      value: 'NAME',
      description:
        "for an external engine: the config name its board and records carry (default: its name in evals.yaml, the URL's host, or the predictions file's name)",
    },
    {
      name: 'baseline',
      value: 'DIR',
      description:
        'gate the run against the newest comparable record in DIR (e.g. benchmarks); exit 1 when the gate fails, exit 3 when no record there is comparable (the reason for each is given)',
    },
    ...gateOptions,
    minAccuracyOption,
    {
      name: 'allow-partial',
      description:
        'let a partial run exit 0: one stopped at the cost cap (by default exit 1), and with --baseline one that lacks some of the baseline case runs (--cases, --roles, --tags, a cost-cap stop; by default the gate fails and lists them); default evals.yaml gate.allow_partial',
    },
    {
      name: 'baseline-optional',
      description:
        'with --baseline: no comparable record is not an error (a first run); the run is then not gated',
    },
    {
      name: 'save',
      value: 'FILE',
      description: 'save the report and its records for `nl2sql eval publish`',
    },
    { name: 'note', value: 'TEXT', description: 'what changed, written into the saved records' },
    {
      name: 'journal',
      value: 'FILE',
      description:
        'write one JSON line per finished case run and per billed LLM call to FILE, locked for the run (FILE.lock)',
    },
    {
      name: 'resume',
      description:
        'continue the run in --journal FILE: finished case runs and the dollars billed are kept; refused (exit 3) when the engines, the data or the scoring options differ',
    },
    {
      name: 'fresh',
      description:
        'start --journal FILE afresh, replacing the run it holds (without --resume or --fresh, a journal that holds a run is refused, exit 3)',
    },
    {
      name: 'json',
      description: 'print the report as JSON instead of the board (--reporter json)',
    },
    {
      name: 'reporter',
      value: 'NAME[=FILE]',
      repeatable: true,
      parse: reporterFlag,
      description:
        'how to report the run; repeat for several (default text; see Reporters below): text, json[=FILE], junit=FILE, github, html=FILE, selection=FILE',
    },
    {
      name: 'report',
      value: 'FILE',
      description:
        'also write the run as one self-contained HTML page to FILE (--reporter html=FILE, kept beside the default board)',
    },
    {
      name: 'policies',
      value: 'RULE,..',
      repeatable: true,
      description:
        "print what each leaderboard's own rule says of the same executions, and where they disagree: spider, bird, defog, strict, lenient, test-suite (default for --predictions: all)",
    },
    {
      name: 'diagnostics',
      description:
        'print the diagnostics under the board: accuracy by difficulty and by tag, failures by error class, empty-vs-empty passes, filter-value accuracy, verdict outcomes',
    },
    {
      name: 'judge',
      value: 'CONFIG',
      description:
        'the LLM judge for the third tier (a preset, a file or a model, on its judge node): asked only where the AST and execution tiers disagree or cannot decide; billed under --max-cost, which it needs',
    },
    {
      name: 'judge-calibration',
      value: 'FILE',
      description:
        "with --judge: the judge's calibration record from `nl2sql judge calibrate` (default judge-calibration.json); a run without a passing record for this judge is refused",
    },
    {
      name: 'efficiency',
      description:
        'after the case runs, time each EX-correct prediction against its gold (VES, R-VES) and plan both (full scans of large tables flagged): secondary board columns, never in the gate',
    },
    {
      name: 'efficiency-repeats',
      value: 'N',
      parse: numberFlag({ kind: 'integer', expects: 'a whole number, at least 1', min: 1 }),
      description: 'with --efficiency: timed rounds per case run (default 5; BIRD uses 100)',
    },
    {
      name: 'budget-x',
      value: 'X',
      parse: numberFlag({
        kind: 'decimal',
        expects: 'a factor above 0',
        min: 0,
        minExclusive: true,
      }),
      description:
        "with --efficiency: an EX-correct prediction whose cost proxy is more than X times its gold's is over budget (default: evals.yaml run.budget_x, else 10)",
    },
    {
      name: 'budget-max',
      value: 'N',
      parse: numberFlag({ kind: 'decimal', expects: 'a cost above 0', min: 0, minExclusive: true }),
      description:
        "with --efficiency: an EX-correct prediction whose cost proxy is above N (SQLite: rows read; PostgreSQL: EXPLAIN's cost) is over budget (default: evals.yaml run.budget_max, else none)",
    },
    {
      name: 'max-over-budget',
      value: 'N',
      parse: numberFlag({ kind: 'integer', expects: 'a whole number, 0 or more', min: 0 }),
      description:
        'with --efficiency: exit 1 when more than N EX-correct case runs of a config are over the efficiency budget (default: evals.yaml gate.max_over_budget, else none)',
    },
    {
      name: 'skip-testsuite',
      description:
        "do not score on the suite's test suite (<suite>.testsuite/) even when it has one",
    },
  ],
  notes: [
    'Modes:',
    '  plans      (default) the reference engine on the gold-plan fake LLM: no key, no cost;',
    '             any failing case is a bug in a code node or a plan',
    '  full       the reference engine on real models (--llm), with a dollar cap (--max-cost)',
    '  retrieval  schema retrieval per answerable case and role: table and column recall,',
    '             columns sent, and the selection figures of spec 003 (joins recall,',
    '             element recall, complete strategy, the gold query on only what was',
    '             sent, the selection state against ready)',
    'Project: --config FILE, else evals.yaml in the working directory, else the built-in',
    'Chinook project (its datasource, policy, suite and the reference engine: what eval run',
    'did before projects). evals.yaml gives the datasources, the policy, the suites, the',
    'engines, and defaults for the run and the gate; a flag always wins (docs/evals-yaml.md).',
    '',
    'With an external engine the suite is admitted as for one: plans are not needed.',
    'A process engine (kind: process in evals.yaml) is started before the first ask and',
    'ended with the run; its stderr is passed through as [NAME] lines.',
    'An --engine run is recorded as kind engine: the engine named by its GET /describe',
    '(name, version, models; `unknown` when it does not say), its failures its score.',
    '',
    'Beyond EX: every asked case run gets diagnostics (normalised exact match, component F1,',
    'AST similarity, filter values, difficulty, the error class of a failure) and one verdict',
    'from three tiers (canonical AST, execution, LLM judge) with the tier that decided it.',
    'Where the suite has a test suite beside it (<suite>.testsuite/manifest.json, made by',
    '`nl2sql suite testsuite`), a case run passes it only if it matches the gold on every',
    'database; the board shows it beside EX and names the EX false positives. Where evals.yaml',
    'names snapshots of a datasource, each EX pass on the pinned database is run on every',
    'snapshot too: EX on all snapshots and the single-snapshot false positives. None of this',
    'changes EX or the gate (decisions/evaluation-beyond-ex-in-runs.md).',
    '',
    'Stdout carries only the board (or the JSON). Progress goes to stderr: on a terminal a',
    'live line with cases done, the pass rate and dollars so far; otherwise one line per',
    'finished case run. Ctrl-C or SIGTERM stops the run: the asks in flight are abandoned,',
    'the partial board is printed, the gate is not run (`gate: not run, the run was',
    'stopped`), and the exit code is 130. A second signal exits at once.',
    '',
    'Reporters (--reporter, repeatable; giving any replaces the default text):',
    '  text         the board, failing case runs and the gate on stdout (coloured on a',
    '               terminal; NO_COLOR turns colour off, FORCE_COLOR on)',
    '  json[=FILE]  the report and the gate as JSON, on stdout (alone there) or to FILE',
    '  junit=FILE   JUnit XML: a testcase per case run, failures with the explanation',
    '  github       GitHub Actions annotations on stdout at each failing case line, and',
    '               the board as Markdown appended to $GITHUB_STEP_SUMMARY',
    '  html=FILE    the self-contained HTML report (what --report FILE writes)',
    "  selection=FILE  mode retrieval: spec 003's report.json (each case run's tables,",
    '               columns, joins and state, its coverage, the gold query on only',
    '               what was sent, and the summary)',
    'Reporters never change the exit code; one that cannot write its file makes a run',
    'that would exit 0 exit 3.',
    '',
    'Shards (CI matrix jobs): `--shard i/n` runs the cases whose id hashes to shard i, with',
    'every role, pass and config of each, so n jobs that never talk cover the run exactly',
    'once. Each gets --max-cost / n unless --shard-max-cost says otherwise. A shard is not',
    'gated and makes no records: --baseline and --note are refused; `nl2sql eval merge`',
    'checks the shards belong together, writes the whole run and gates it (docs/ci.md).',
  ].join('\n'),
  exitCodes: {
    0: 'the run finished (and the gate passed, with --baseline; and each config reached --min-accuracy, when given)',
    1: [
      'case runs failed in mode plans on the reference engine (every case must pass there),',
      'the gate failed (a regression, a cost rise, or baseline case runs not run), the run',
      "stopped at the cost cap (a partial run; --allow-partial accepts it), or a config's",
      'strict accuracy is below --min-accuracy',
    ].join('\n'),
    2: 'usage: unknown flag, malformed value (e.g. --max-cost 0x10), wrong arguments',
    3: [
      'configuration: suite unreadable, too large or not admitted (no gold rows, lint',
      'errors such as duplicate ids or an unknown datasource), database missing or not',
      'SQLite, --passes above the maximum, --engine not an http(s) URL, unknown price,',
      'evals.yaml malformed or naming an environment variable not set, --engine naming no engine of it,',
      'a process engine that cannot start (not found, exits at once, writes non-JSON),',
      'missing key, no comparable baseline, a journal of another run or in use, a journal',
      'that holds a run given without --resume or --fresh, a file that cannot be written',
      '(--save, --journal: a full disk; the board is still printed); or a config scored',
      'nothing: every case run ended in a transport, engine or LLM error (the engine',
      'unreachable, a bad key), one line says which and the first message',
    ].join('\n'),
    70: 'internal error: a bug in nl2sql (a case run lost or counted twice); please report it',
    130: 'stopped by Ctrl-C or SIGTERM: the partial board is printed, the run is not gated',
  },
  load: () => import('../actions/eval-run.js').then((m) => m.runEvalRun),
};
