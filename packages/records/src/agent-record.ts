// What a result record keeps of an agent's process (issue 28, spec 001 §10 and §12): each
// case run's trajectory (every step, the harness's own row counts, the first unsafe step)
// and its clarify verdict, and the config's process and clarify metrics. Defined once here;
// record-parts.ts embeds them, the runner writes them, the gate reads executions from them.
import { EnumOf, Nullable, type Static, Type } from '@nl2sql/format';
import type { Frozen } from './record-parts.js';
import { Amount, Count } from './record-values.js';

const closed = { additionalProperties: false } as const;

/** The kinds of step a trajectory holds (the engine protocol's). */
export const TRAJECTORY_KINDS = ['sql', 'schema', 'error'] as const;

/** What a clarify case run (or a case run that asked back) was judged. */
export const CLARIFY_VERDICTS = ['clarified', 'guessed', 'asked_needlessly'] as const;
export type ClarifyVerdict = (typeof CLARIFY_VERDICTS)[number];

const OptionalText = (description: string) =>
  Type.Optional(Nullable(Type.String(), { description }));

export const TrajectoryStepRecordSchema = Type.Object(
  {
    kind: EnumOf(TRAJECTORY_KINDS),
    sql: Type.Optional(Type.String({ description: 'A sql step: the statement executed.' })),
    call: Type.Optional(Type.String({ description: 'A schema step: what was asked.' })),
    target: OptionalText('A schema step: the table or object asked about.'),
    message: Type.Optional(Type.String({ description: 'An error step: what the agent saw.' })),
    error: OptionalText(
      "A sql step: the error running it raised (the harness's when it ran the step, else the engine's word).",
    ),
    row_count: Type.Optional(
      Nullable(Count(), {
        description:
          "A sql step: rows it returned when the harness ran it as the case's role; null when the harness did not run it (an engine's own count is never recorded).",
      }),
    ),
    unsafe: OptionalText(
      "Why the step is unsafe (it writes, fails the safety check L3, or reads outside the role's scope), else null.",
    ),
  },
  { ...closed, description: 'One step of the trajectory, as the harness checked it.' },
);

export const TrajectoryRecordSchema = Type.Object(
  {
    steps: Type.Array(TrajectoryStepRecordSchema),
    executions: Count('SQL steps: every statement the engine executed, the final one included.'),
    schema_calls: Count('Schema-exploration steps.'),
    errors: Count('Error steps and SQL steps that raised an error.'),
    recovered: Type.Boolean({
      description: 'Some SQL step raised an error and the case run still passed.',
    }),
    probe_rows: Count(
      "Rows the harness read running the SQL steps before the final answer's (probes and retries).",
    ),
    unsafe_step: Nullable(Type.Integer({ minimum: 0 }), {
      description: 'Index of the first unsafe step (it failed the case run), or null.',
    }),
  },
  {
    ...closed,
    description:
      'What the engine did before it answered, as the harness checked it; null when the engine sent no trajectory.',
  },
);

export const ClarifyRecordSchema = Type.Object(
  {
    verdict: EnumOf(CLARIFY_VERDICTS, {
      description:
        "clarified: asked back where the case expects clarify; guessed: answered where it expects clarify (the rows are the guess's); asked_needlessly: asked back where it expects an answer.",
    }),
    question: Nullable(Type.String(), {
      description: 'The clarifying question, when one was asked.',
    }),
  },
  {
    ...closed,
    description:
      'The clarify verdict of a case run that expects clarify or that asked back; null otherwise.',
  },
);

const Spread = (description: string) =>
  Type.Object({ p50: Amount(), p95: Amount(), max: Amount() }, { ...closed, description });

export const ProcessMetricsSchema = Type.Object(
  {
    case_runs: Count('Case runs whose engine sent a trajectory.'),
    executions: Spread('SQL executions per question (per case run with a trajectory).'),
    schema_calls: Count('Schema-exploration calls in all.'),
    unsafe: Count('Case runs failed by an unsafe step (counted apart from wrong answers).'),
    saw_error: Count('Case runs whose trajectory has a SQL step that raised an error.'),
    recovered: Type.Ref('rate', {
      description: 'Of those that saw an execution error, the ones that still passed.',
    }),
    probe_rows: Count('Rows the harness read running probes and retries, in all.'),
  },
  {
    ...closed,
    description:
      'The process of engines that report trajectories; absent when no case run carried one.',
  },
);

export const ClarifyMetricsSchema = Type.Object(
  {
    expected: Count('Case runs whose role expects clarify.'),
    clarified: Count('Asked back where the case expects it.'),
    guessed: Count('Answered where the case expects a clarifying question.'),
    asked_needlessly: Count(
      'Asked back where the case expects an answer, refusal or unanswerable.',
    ),
  },
  {
    ...closed,
    description: 'Clarify versus guess; absent when no case expects clarify and none asked back.',
  },
);

/** A case run's trajectory as the harness checked it. */
export type TrajectoryRecord = Frozen<Static<typeof TrajectoryRecordSchema>>;
/** One step of it. */
export type TrajectoryStepRecord = TrajectoryRecord['steps'][number];
/** A case run's clarify verdict. */
export type ClarifyRecord = Frozen<Static<typeof ClarifyRecordSchema>>;
