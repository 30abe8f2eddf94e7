// The options of `eval report`, `eval publish` and `eval gate` as functions: the flags
// camelCased, their positional files as `saved` / `reports`. One TypeBox definition each, as
// for evaluate() (decisions/evaluate-api.md).

import { type Static, Type } from '@sinclair/typebox';

const text = (description: string) => Type.String({ description });
const files = (description: string) => Type.Array(Type.String(), { description });
const strict = <T extends Parameters<typeof Type.Object>[0]>(properties: T) =>
  Type.Object(properties, { additionalProperties: false });

export const REPORT_PAGE_OPTIONS = Type.Composite(
  [
    strict({ saved: Type.Array(Type.String(), { minItems: 1, description: 'saved runs' }) }),
    Type.Partial(
      strict({
        out: text('the page to write (default report.html)'),
        suite: Type.Union([Type.String(), Type.Array(Type.String())], {
          description: 'the suites the runs were scored on (default: Chinook when every run was)',
        }),
        records: text('a records folder for the history'),
        db: text('the SQLite file, for the gold rows'),
        title: text('the page title'),
      }),
    ),
  ],
  { additionalProperties: false },
);
export type ReportPageOptions = Static<typeof REPORT_PAGE_OPTIONS>;

export const PUBLISH_OPTIONS = Type.Partial(
  strict({
    reports: files('saved runs to record first'),
    benchmarks: text('the records folder (default benchmarks)'),
    page: text('the benchmarks page (default docs/benchmarks.md)'),
    readme: text('the README whose results block is rewritten (default README.md)'),
    history: text('the history chart (default docs/history.svg)'),
    check: Type.Boolean({ description: 'write nothing; exit 1 when a page is stale' }),
  }),
);
export type PublishOptions = Static<typeof PUBLISH_OPTIONS>;

export const GATE_RUNS_OPTIONS = Type.Composite(
  [
    strict({ reports: Type.Array(Type.String(), { minItems: 1, description: 'saved runs' }) }),
    Type.Partial(
      strict({
        baseline: text('the records folder (default benchmarks)'),
        allowPartial: Type.Boolean({ description: 'a run missing baseline case runs may pass' }),
        json: Type.Boolean({ description: 'print the gate results as JSON' }),
        config: text('evals.yaml, for its gate section'),
        maxRegressions: Type.Integer({ minimum: 0, description: 'cases that may regress' }),
        alpha: Type.Number({ exclusiveMinimum: 0, exclusiveMaximum: 1, description: 'test level' }),
        maxCostIncrease: Type.Number({ minimum: 0, description: 'cost increase accepted' }),
        maxExecutionsIncrease: Type.Number({ minimum: 0, description: 'executions increase' }),
      }),
    ),
  ],
  { additionalProperties: false },
);
export type GateRunsOptions = Static<typeof GATE_RUNS_OPTIONS>;
