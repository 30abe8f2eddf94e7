// What issue 16 adds to a record, in one place: a case record's `diagnostics` and a board's
// `diagnostics`, defined once with TypeBox. Both are optional: records written before them have
// none and still load. None of their figures is part of the gate: the gate reads `status` and
// `metrics.accuracy` only. A case record's part is a plain definition (the case record allows
// the runner's own fields, so its type is written from its properties, where a reference by
// name would have no type); the board's part joins the record's module (record-parts.ts), so
// `Type.Ref('accuracy')` is the record's accuracy.

import { Dictionary, EnumOf, Nullable, type Static, Type } from '@nl2sql/format';
import type { Frozen } from './record-parts.js';
import { Amount, Count, Share, Text } from './record-values.js';

/** The tiers that can decide a case's verdict (spec 004: AST, execution, LLM judge). */
export const VERDICT_TIERS = ['ast', 'execution', 'judge'] as const;
/** The tier that decided a case's verdict. */
export type VerdictTier = (typeof VERDICT_TIERS)[number];
/** How one case run's efficiency was measured (or why it was not). */
const EFFICIENCY_STATUSES = ['measured', 'incorrect', 'timeout', 'error'] as const;

const CaseVerdictSchema = Type.Object(
  {
    pass: Type.Boolean(),
    tier: EnumOf(VERDICT_TIERS, { description: 'The tier that decided the verdict.' }),
    outcome: Type.String({
      minLength: 1,
      description:
        'What decided it: ast_match, rows_match, rows_differ, execution_error, lucky_match, judge_confirmed, judge_rejected, review, or for a case expected to be refused, outcome_match / outcome_differs.',
    }),
    reason: Type.String(),
    judge_trigger: Type.Optional(
      Type.String({
        description:
          'Why the judge was wanted (asked or not): small_result, close_sql, tiers_disagree.',
      }),
    ),
    judge: Type.Optional(
      Type.Union(
        [
          Type.Object({ equivalent: Type.Boolean(), reason: Type.String() }),
          Type.Object({ error: Type.String() }),
        ],
        { description: 'What the judge said, when it was asked.' },
      ),
    ),
    judge_cost_usd: Type.Optional(
      Amount("Dollars of the judge's calls for this case run (counted in its cost_usd)."),
    ),
    proposal: Type.Optional(
      Type.Object(
        { alt_sql: Text(), reason: Type.String() },
        { description: 'For outcome review: the candidate proposed as an alternative gold.' },
      ),
    ),
  },
  { description: "One case run's verdict from the three tiers, and the tier that decided it." },
);

const CaseTestSuiteSchema = Type.Object(
  {
    pass: Type.Boolean({
      description: "Every database of the suite agrees under EX's strict policy.",
    }),
    lenient: Type.Boolean({ description: "The same under EX's lenient policy." }),
    distinguished_by: Nullable(Type.String(), {
      description: 'The first database that told the SQL from the gold, or null.',
    }),
    databases: Count(
      'Databases the prediction was run on (the original included); 0 when EX already failed it.',
    ),
    error: Type.Optional(
      Type.String({ description: 'Why the suite could not judge the case (a failure).' }),
    ),
  },
  {
    description:
      'The test-suite verdict of one case run (001 §5.2): the gold and the SQL on every database.',
  },
);

const CaseEfficiencySchema = Type.Object(
  {
    status: EnumOf(EFFICIENCY_STATUSES, {
      description: 'measured, incorrect (not timed), timeout or error.',
    }),
    time_ratio: Amount('The trimmed mean of gold time / prediction time; 0 when not measured.'),
    ves_reward: Amount(),
    rves_reward: Amount(),
    added_full_scans: Type.Array(Type.String(), {
      description:
        "Flagged scans (full scans of large tables) the prediction's plan adds over the gold's.",
    }),
    cost: Type.Optional(
      Nullable(
        Type.Object({
          unit: EnumOf(['rows_read', 'pg_cost'], {
            description:
              "rows_read: SQLite's estimate of rows read from the plan and the row counts; pg_cost: PostgreSQL EXPLAIN's total cost.",
          }),
          gold: Amount("The gold's cost proxy (at least 1)."),
          prediction: Amount("The prediction's cost proxy (at least 1)."),
          ratio: Amount('prediction / gold.'),
          budget_x: Nullable(Amount(), {
            description: "The budget relative to the gold's proxy; null when none.",
          }),
          budget_max: Nullable(Amount(), {
            description: 'The absolute budget in the unit; null when none.',
          }),
          over_budget: Type.Boolean({
            description: 'The prediction (EX-correct) costs more than the budget allows.',
          }),
        }),
        {
          description:
            'The deterministic cost proxy of an EX-correct prediction and its gold, against the budget (001 §7); null when a plan could not be read or sized. Absent in older records and on incorrect predictions.',
        },
      ),
    ),
    error: Type.Optional(Type.String()),
  },
  { description: "One case run's efficiency (001 §5.3), with --efficiency." },
);

export const CaseDiagnosticsSchema = Type.Object(
  {
    normalized_match: Nullable(Type.Boolean(), {
      description: "The SQL's canonical form equals the gold's or an alternative's.",
    }),
    component_f1: Nullable(Dictionary(Share()), {
      description: 'Per-clause F1 against the gold (select, where, group by, ...).',
    }),
    ast_similarity: Nullable(Share()),
    filter_values: Nullable(
      Type.Object({
        total: Count(),
        present: Count(),
        all_present: Type.Boolean(),
        ids: Type.Object({ total: Count(), present: Count() }),
        missing: Type.Array(Type.String()),
      }),
      {
        description:
          "The gold's filter values present in the SQL (004 D.11), and of them the numbers (IDs).",
      },
    ),
    difficulty: EnumOf(['simple', 'moderate', 'complex', null], {
      description: "The gold's difficulty (004 A.1).",
    }),
    error_class: Nullable(Type.String(), {
      description: "The error class of a failure (004's taxonomy); null on a pass.",
    }),
    error_evidence: Type.Array(Type.String()),
    empty_match: Type.Boolean({ description: 'Both the gold and the result had no rows.' }),
    test_suite: Nullable(CaseTestSuiteSchema),
    verdict: Nullable(CaseVerdictSchema),
    efficiency: Type.Optional(Nullable(CaseEfficiencySchema)),
  },
  {
    description: 'Every diagnostic of one case run (issue 16); fields that do not apply are null.',
  },
);

/** One case run's verdict from the three tiers, and the tier that decided it. */
export interface CaseVerdictRecord extends Frozen<Static<typeof CaseVerdictSchema>> {}
/** The test-suite verdict of one case run (001 §5.2): the gold and the SQL on every database. */
export interface CaseTestSuiteRecord extends Frozen<Static<typeof CaseTestSuiteSchema>> {}
/** One case run's efficiency (001 §5.3), with `--efficiency`. */
export interface CaseEfficiencyRecord extends Frozen<Static<typeof CaseEfficiencySchema>> {}
/** Every diagnostic of one case run; fields that do not apply are null. */
export interface CaseDiagnosticsRecord extends Frozen<Static<typeof CaseDiagnosticsSchema>> {}

/**
 * The board's parts, by name: record-parts.ts adds them to the record's module (their types,
 * DiagnosticsMetrics and FalsePositiveRecord, are declared there).
 */
export const DiagnosticsParts = {
  falsePositive: Type.Object(
    {
      case_id: Text(),
      role: Nullable(Type.String()),
      pass: Type.Integer({ minimum: 1 }),
      distinguished_by: Nullable(Type.String()),
      error: Type.Optional(
        Type.String({ description: 'Why the suite could not judge it (it counts as a failure).' }),
      ),
    },
    { description: 'A test-suite false positive: passes EX, fails on a database of the suite.' },
  ),
  diagnosticsMetrics: Type.Object(
    {
      by_difficulty: Type.Record(Type.String(), Type.Ref('accuracy')),
      by_tag: Type.Record(Type.String(), Type.Ref('accuracy')),
      failures: Count(),
      error_classes: Dictionary(Type.Object({ count: Count(), share: Share() }), {
        description: 'Failures per error class, and their share of all failures.',
      }),
      empty_matches: Type.Object(
        { passes: Count(), accuracy_without: Type.Ref('accuracy') },
        { description: 'Passes where gold and result were both empty, counted apart.' },
      ),
      filter_value_accuracy: Type.Ref('accuracy'),
      id_accuracy: Type.Ref('accuracy'),
      test_suite: Nullable(
        Type.Object({
          databases: Count(),
          mutants_killed: Count(),
          mutants_semantic: Count(),
          strict: Type.Ref('accuracy'),
          lenient: Type.Ref('accuracy'),
          false_positives: Type.Array(Type.Ref('falsePositive')),
        }),
        {
          description:
            'Test-suite accuracy beside EX, where the suite has a test suite; else null.',
        },
      ),
      verdict: Nullable(
        Type.Object({
          accuracy: Type.Ref('accuracy'),
          by_tier: Type.Object({ ast: Count(), execution: Count(), judge: Count() }),
          by_outcome: Dictionary(Count()),
          judge_wanted: Count('Case runs the tiers wanted the judge for.'),
          judge_asked: Count('Of them, those the judge was asked about.'),
          judge_cost_usd: Amount(),
          review: Count('Judged-equivalent disagreements proposed as alternative golds.'),
        }),
        { description: 'The three-tier verdict: accuracy, the tier that decided, the judge.' },
      ),
      sql_similarity: Type.Optional(
        Type.Object(
          {
            compared: Count('Case runs whose SQL was compared with the gold (allowed, with SQL).'),
            normalized_match: Count('Of them, those canonically the same as a gold query.'),
            component_f1: Dictionary(Share(), {
              description:
                'The mean F1 of each query component (select, where, group by, ...) over the case runs that have it.',
            }),
            ast_similarity: Nullable(Share(), {
              description:
                'The mean tree similarity to the closest gold; null when none was measured.',
            }),
          },
          {
            description:
              'Normalized exact match, component F1 and AST similarity over the case runs (their per-case values are in each case run). Absent in older records.',
          },
        ),
      ),
      soft_f1: Type.Optional(
        Type.Object(
          {
            scored: Count(
              'Case runs given a Soft-F1 (allowed, with gold rows, result not cut at the row cap).',
            ),
            mean: Nullable(Share(), { description: 'Their mean Soft-F1; null when none.' }),
          },
          {
            description:
              "BIRD mini-dev's Soft-F1 over the case runs (rows paired by position, as BIRD's evaluation_f1.py does; decisions/soft-f1.md); each case run's value is result_match's detail.soft_f1. Never gated. Absent in older records.",
          },
        ),
      ),
      efficiency: Type.Optional(
        Nullable(
          Type.Object({
            ves: Nullable(Amount()),
            rves: Nullable(Amount()),
            measured: Count(),
            incorrect: Count(),
            timeouts: Count(),
            unmeasured: Count(),
            added_full_scans: Count(
              "Case runs whose plan adds a full scan of a large table over the gold's.",
            ),
            budget: Type.Optional(
              Type.Object(
                {
                  budget_x: Nullable(Amount()),
                  budget_max: Nullable(Amount()),
                  budgeted: Count('EX-correct case runs whose cost proxy was read.'),
                  unbudgeted: Count(
                    'EX-correct case runs whose plans could not be read or sized (not counted over budget).',
                  ),
                  over_budget: Count('Budgeted case runs over the budget.'),
                  over_budget_cases: Type.Array(Type.String(), {
                    description: 'Their case ids (with the pass number after a # when passes > 1).',
                  }),
                },
                {
                  description:
                    'Efficiency budgets (001 §7): only EX-correct case runs are counted. Gated by gate.max_over_budget. Absent in older records.',
                },
              ),
            ),
          }),
          {
            description:
              'VES and R-VES (with --efficiency; never gated), and the efficiency budget (gated only by gate.max_over_budget).',
          },
        ),
      ),
    },
    {
      description:
        "The board's diagnostics (issue 16): accuracy by difficulty and tag, failures per error class, empty matches, test-suite accuracy, the three-tier verdict, efficiency. Never gated, but for the efficiency budget (gate.max_over_budget).",
    },
  ),
};
