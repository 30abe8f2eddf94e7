// A question/SQL pair as a team keeps it before it is a case: the question, its gold SQL and
// optionally other accepted answers, an id, tags, whether row order matters and the
// datasource it asks. `nl2sql suite
// import` turns each into a case. Defined once with TypeBox like the suite format, so a pair
// in JSONL, CSV or YAML is checked by one validator and reported in one wording.

import { defineFormat, type Static, Type } from '@nl2sql/format';
import { EvalCaseSchema } from './case.js';

/** One pair. Only `question` and `sql` are required; unknown fields are errors. */
export const QuestionSqlPairSchema = Type.Object(
  {
    id: Type.Optional(EvalCaseSchema.properties.id),
    question: EvalCaseSchema.properties.question,
    sql: Type.String({ pattern: '\\S', description: 'The gold SQL.' }),
    alt_sql: Type.Optional(
      Type.Array(Type.String({ pattern: '\\S' }), {
        description:
          'Other accepted answers, one SQL each (in CSV: one cell, the queries separated by ;). They may read other tables than sql.',
      }),
    ),
    tags: Type.Optional(
      Type.Array(EvalCaseSchema.properties.tags.items, {
        uniqueItems: true,
        description: 'Tags: the suite vocabulary or your own words and key:value pairs.',
      }),
    ),
    order_matters: Type.Optional(
      Type.Boolean({ description: 'Row order counts (default false).' }),
    ),
    datasource: Type.Optional(
      Type.String({ minLength: 1, description: 'The datasource id (default: the only one).' }),
    ),
    evidence: Type.Optional(EvalCaseSchema.properties.evidence),
    instructions: Type.Optional(EvalCaseSchema.properties.instructions),
    as_of_date: Type.Optional(EvalCaseSchema.properties.as_of_date),
    notes: Type.Optional(EvalCaseSchema.properties.notes),
  },
  { additionalProperties: false, description: 'A question and its gold SQL, to import.' },
);

export interface QuestionSqlPair extends Static<typeof QuestionSqlPairSchema> {}

/** The pair format the readers check every record against. */
export const PAIR_FORMAT = defineFormat(QuestionSqlPairSchema, {
  id: 'https://nl2sql-evals.dev/schemas/question-sql-pair.json',
  title: 'nl2sql question/SQL pair',
});

/** The fields a pair may have, in the order a CSV header usually lists them. */
export const PAIR_FIELDS = Object.keys(QuestionSqlPairSchema.properties) as Array<
  keyof QuestionSqlPair
>;
