// One step of an agent's trajectory, as the protocol carries it (AskResponse.trajectory):
// its own file, since the ask response embeds it and the runner checks each step.
import { Nullable, Type } from '@nl2sql/format';

const Count = () => Type.Number({ minimum: 0 });

/** The kinds of step a trajectory holds (TRAJECTORY_STEP_KINDS order is the wire's). */
export const TRAJECTORY_STEP_KINDS = ['sql', 'schema', 'error'] as const;

/**
 * One step an agent took before it answered: a SQL statement it executed (a probe, a retry,
 * the final one), a schema-exploration call, or an error it saw. The harness checks every
 * SQL step as it checks the final answer, and counts rows itself: `row_count` is the
 * engine's word, kept only to show beside the harness's.
 */
export const TrajectoryStepSchema = Type.Union(
  [
    Type.Object(
      {
        kind: Type.Literal('sql'),
        sql: Type.String({ minLength: 1, description: 'The statement as it was executed.' }),
        row_count: Type.Optional(
          Nullable(Count(), { description: 'Rows it returned, as the engine counted them.' }),
        ),
        error: Type.Optional(
          Nullable(Type.String(), { description: 'The error executing it raised, if any.' }),
        ),
      },
      { additionalProperties: false },
    ),
    Type.Object(
      {
        kind: Type.Literal('schema'),
        call: Type.String({
          minLength: 1,
          description: 'What was asked of the schema (list_tables, describe_table, ...).',
        }),
        target: Type.Optional(
          Nullable(Type.String(), { description: 'The table or object it was asked about.' }),
        ),
      },
      { additionalProperties: false },
    ),
    Type.Object(
      {
        kind: Type.Literal('error'),
        message: Type.String({ description: 'An error the agent saw (a tool, a model, a check).' }),
      },
      { additionalProperties: false },
    ),
  ],
  { description: 'One step of the trajectory: sql, schema or error.' },
);
