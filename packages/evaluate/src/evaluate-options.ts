// What `evaluate()` and `mergeRuns()` take: one option per `nl2sql eval run` / `eval merge`
// flag, camelCased (`--max-cost` is `maxCost`), with the same defaults, the same rules and
// the same messages. Defined once in TypeBox: the static type and the check a JavaScript
// caller's object goes through (decisions/evaluate-api.md).

import { RUN_MODES } from '@nl2sql/records';
import { type Static, Type } from '@sinclair/typebox';
import { MAX_PASSES } from './limits.js';

const text = (description: string) => Type.String({ description });
/** A list option: `['a', 'b']`, or the command line's comma-separated `'a,b'`. */
const list = (description: string) =>
  Type.Union([Type.String(), Type.Array(Type.String())], { description });
const flag = (description: string) => Type.Boolean({ description });
const whole = (description: string, minimum: number) => Type.Integer({ minimum, description });
const positive = (description: string) => Type.Number({ exclusiveMinimum: 0, description });
const atLeastZero = (description: string) => Type.Number({ minimum: 0, description });

/** Where the project, suite and database come from (`--config`, `--suite`, `--db`). */
const projectOptions = {
  config: text('evals.yaml to read (default ./evals.yaml, else the built-in Chinook project)'),
  suite: text("the suite: a path, or the name of one of the project's suites"),
  maxSuiteMb: whole('refuse a suite file larger than this many MiB', 1),
  db: text("the SQLite file in place of the project's one datasource"),
};

/** The gate against a baseline and the exit rules. */
const gateOptions = {
  baseline: text('a folder of baseline records to gate against'),
  baselineOptional: flag('a missing baseline is a notice, not a failure'),
  allowPartial: flag('a run that did not run every case may still pass'),
  maxRegressions: whole('cases that may regress before the gate fails', 0),
  alpha: Type.Number({ exclusiveMinimum: 0, exclusiveMaximum: 1, description: 'the test level' }),
  maxCostIncrease: atLeastZero('the largest cost increase the gate accepts'),
  maxExecutionsIncrease: atLeastZero('the largest increase in executions the gate accepts'),
  minAccuracy: Type.Number({
    minimum: 0,
    maximum: 1,
    description: 'strict accuracy below: exit 1',
  }),
};

/** What is written and reported. */
const outputOptions = {
  save: text('where the report and its records are saved'),
  note: Type.String({ description: 'what changed, written into the saved records' }),
  json: flag('the JSON report on stdout instead of the board'),
  reporters: list('NAME[=FILE] reporters: text, json, junit, github, html, selection'),
  report: text('the HTML page, written beside the other reporters'),
};

const mergeSchema = Type.Object(
  {
    // No database option: a merge reads the shards' reports, not the data they ran on.
    ...Type.Partial(
      Type.Object({
        config: projectOptions.config,
        suite: projectOptions.suite,
        maxSuiteMb: projectOptions.maxSuiteMb,
        ...gateOptions,
        ...outputOptions,
      }),
    ).properties,
    /** The shard files `eval run --shard i/n --save FILE` wrote, all n of them. */
    shards: Type.Array(text('a shard file'), { minItems: 1 }),
  },
  { additionalProperties: false },
);

const evaluateSchema = Type.Partial(
  Type.Object({
    ...projectOptions,
    ...gateOptions,
    ...outputOptions,
    mode: Type.Union(
      RUN_MODES.map((m) => Type.Literal(m)),
      { description: 'what to run (default plans)' },
    ),
    datasource: list('only the cases asking these datasources'),
    llm: list('mode full: the model configs to compare'),
    maxCost: positive('the dollar cap of the run'),
    shard: Type.String({ pattern: '^[0-9]+/[0-9]+$', description: 'i/n: this part of the run' }),
    shardMaxCost: positive("this shard's own dollar cap"),
    passes: Type.Integer({
      minimum: 1,
      maximum: MAX_PASSES,
      description: 'ask every case N times',
    }),
    roles: list('only these roles'),
    cases: list('only these cases'),
    tags: list('only cases with one of these tags'),
    concurrency: whole('case runs in flight at once', 1),
    askTimeout: positive('seconds an engine may take to answer one ask'),
    topK: whole('mode retrieval: tables each selection keeps', 1),
    k: list('mode retrieval: several top-k, one config each'),
    methods: list('mode retrieval: the selection methods to compare'),
    engine: text('an engine of evals.yaml by name, or an HTTP engine by URL'),
    predictions: text('a predictions file scored in place of an engine'),
    name: text("the run's config name"),
    journal: text('a journal of the case runs, for --resume'),
    resume: flag('continue the journal'),
    fresh: flag('start the journal afresh'),
    policies: list("every leaderboard's rule on the same executions"),
    diagnostics: flag('the diagnostics board section'),
    judge: text('a judge config: equivalence of rows that differ'),
    judgeCalibration: text("the judge's calibration file"),
    efficiency: flag('measure execution efficiency (VES)'),
    efficiencyRepeats: whole('timed executions per query', 1),
    budgetX: positive('the budget multiple of the gold cost'),
    budgetMax: positive('the largest budget'),
    maxOverBudget: whole('case runs over budget before exit 1', 0),
    skipTestsuite: flag('no test-suite accuracy'),
  }),
  { additionalProperties: false },
);

/** The options of `evaluate()`: `nl2sql eval run`'s flags, camelCased. */
export type EvaluateOptions = Static<typeof evaluateSchema>;
/** The options of `mergeRuns()`: `nl2sql eval merge`'s flags and its shard files. */
export type MergeOptions = Static<typeof mergeSchema>;

export const EVALUATE_OPTIONS = evaluateSchema;
export const MERGE_OPTIONS = mergeSchema;
