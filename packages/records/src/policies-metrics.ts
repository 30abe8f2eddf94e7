// The run metrics' `policies` part: every public leaderboard's rule on the same executions
// beside ours (eval run --policies), and the case runs the rules disagree on. Its rates are
// the record module's `rate`, referred to by name (record-parts.ts embeds this schema).
import { Nullable, Type } from '@nl2sql/format';
import { Count } from './record-values.js';

/** Objects of the record that take no other field. */
const closed = { additionalProperties: false } as const;

export const PoliciesMetricsSchema = Type.Object(
  {
    case_runs: Count('Case runs the rules were applied to: allowed ones with gold rows.'),
    spider: Type.Ref('rate', { description: "Spider's result_eq (test-suite-sql-eval)." }),
    bird: Type.Ref('rate', { description: "BIRD's set equality." }),
    defog: Type.Ref('rate', { description: "Defog's compare_df or subset_df." }),
    strict: Type.Ref('rate', { description: "Ours, strict (the case run's status)." }),
    lenient: Type.Ref('rate', { description: 'Ours, lenient.' }),
    test_suite: Type.Union([Type.Null(), Type.Ref('rate')], {
      description:
        "The test suite's verdict, over the case runs it judged; null without a test suite.",
    }),
    disagreements: Type.Array(
      Type.Object(
        {
          case_id: Type.String(),
          role: Nullable(Type.String()),
          pass: Type.Integer({ minimum: 1 }),
          passing: Type.Array(Type.String()),
          failing: Type.Array(
            Type.Object(
              {
                policy: Type.String(),
                reason: Type.String({
                  description:
                    "The rule that failed it: the comparator's reason code (row_count, order, row_mismatch, ...), outcome, or the test database that told it apart.",
                }),
              },
              closed,
            ),
          ),
        },
        closed,
      ),
      { description: 'Case runs the rules do not all agree on, in task order.' },
    ),
  },
  {
    ...closed,
    description:
      "Every leaderboard's rule on the same executions (--policies; by default for a predictions run); absent when not asked.",
  },
);
