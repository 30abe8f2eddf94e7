// The run metrics' `snapshots` part: EX on the pinned database beside EX on all snapshots of
// it (001 §5.2's first practical step), over the case runs whose datasource has snapshots,
// and the case runs passing the one but not the other: the estimate of single-snapshot false
// positives. Its accuracies are the record module's `accuracy`, referred to by name
// (record-parts.ts embeds this schema).
import { Nullable, Type } from '@nl2sql/format';
import { Count } from './record-values.js';

const closed = { additionalProperties: false } as const;

export const SnapshotsMetricsSchema = Type.Object(
  {
    names: Type.Array(Type.String(), {
      description: 'The snapshots the case runs were run on, by name, sorted.',
    }),
    case_runs: Count(
      'Case runs scored on the snapshots: allowed ones with gold rows on a datasource with snapshots.',
    ),
    pinned: Type.Ref('accuracy', {
      description: 'Strict EX on the pinned database, over those case runs.',
    }),
    all: Type.Ref('accuracy', {
      description: 'Strict EX on the pinned database and every snapshot, over the same case runs.',
    }),
    false_positives: Type.Array(
      Type.Object(
        {
          case_id: Type.String(),
          role: Nullable(Type.String()),
          pass: Type.Integer({ minimum: 1 }),
          failed_on: Type.Array(Type.String(), {
            description: 'The snapshots where the SQL did not match the gold (or did not run).',
          }),
        },
        closed,
      ),
      {
        description:
          'Case runs passing EX on the pinned database and failing on some snapshot, in task order.',
      },
    ),
  },
  {
    ...closed,
    description:
      'EX across snapshots of the datasources (evals.yaml datasources.ID.snapshots); absent when the run had none.',
  },
);

/** A case run's own part: EX on the pinned database and on all snapshots, and where it failed. */
export const CaseSnapshotsSchema = Type.Object(
  {
    pinned: Type.Boolean({ description: 'Strict EX on the pinned database.' }),
    all: Type.Boolean({ description: 'Strict EX on the pinned database and on every snapshot.' }),
    failed_on: Type.Array(Type.String(), {
      description:
        "Where it failed: 'pinned', or the snapshots where the SQL did not match the gold.",
    }),
  },
  {
    ...closed,
    description: "EX across the snapshots of the case's datasource; absent where it has none.",
  },
);
