// The dataset record of spec 001 §12, as a team following that guide keeps its questions:
// id, question, role, as_of_date, gold_sql (one or more), gold_result_ordered, gold_tables,
// tags as a map (difficulty, domain, ...), expected_behavior, notes; and the datasource where
// the project has several. `nl2sql suite import --format dataset` reads it (JSONL or YAML)
// into a pair plus what import must check (read-dataset-records.ts). Defined once with
// TypeBox so every record is checked by one validator and reported in one wording.

import { defineFormat, type Static, Type } from '@nl2sql/format';
import { EvalCaseSchema } from './case.js';

const Scalar = Type.Union([Type.String({ minLength: 1 }), Type.Number(), Type.Boolean()]);
const Sql = Type.String({ pattern: '\\S' });

export const DatasetRecordSchema = Type.Object(
  {
    id: Type.Optional(EvalCaseSchema.properties.id),
    question: EvalCaseSchema.properties.question,
    datasource: Type.Optional(
      Type.String({ minLength: 1, description: 'The datasource id (default: the only one).' }),
    ),
    role: Type.Optional(
      Type.String({ minLength: 1, description: 'The RBAC role the question runs under.' }),
    ),
    as_of_date: Type.Optional(EvalCaseSchema.properties.as_of_date),
    gold_sql: Type.Union([Sql, Type.Array(Sql, { minItems: 1 })], {
      description: 'One or more valid gold queries.',
    }),
    gold_result_ordered: Type.Optional(Type.Boolean({ description: 'Row order counts.' })),
    gold_tables: Type.Optional(
      Type.Array(Type.String({ minLength: 1 }), {
        uniqueItems: true,
        description: 'The tables the gold reads; import checks them against what it reads.',
      }),
    ),
    tags: Type.Optional(
      Type.Union([
        Type.Record(Type.String({ minLength: 1 }), Scalar),
        Type.Array(Type.String({ minLength: 1 }), { uniqueItems: true }),
      ]),
    ),
    expected_behavior: Type.Optional(
      Type.Unsafe<'answer' | 'clarify' | 'refuse'>({ enum: ['answer', 'clarify', 'refuse'] }),
    ),
    notes: Type.Optional(EvalCaseSchema.properties.notes),
    evidence: Type.Optional(EvalCaseSchema.properties.evidence),
    instructions: Type.Optional(EvalCaseSchema.properties.instructions),
  },
  { additionalProperties: false, description: 'A dataset record of spec 001 §12.' },
);

export interface DatasetRecord extends Static<typeof DatasetRecordSchema> {}

export const DATASET_RECORD_FORMAT = defineFormat(DatasetRecordSchema, {
  id: 'https://nl2sql-evals.dev/schemas/dataset-record.json',
  title: 'nl2sql dataset record (spec 001 §12)',
});
