// The suite file's JSON Schema (2020-12). The plan field refers to @nl2sql/plan's PlanModel
// schema by $id, so a plan in a suite is checked by exactly the schema a planner's output is.

import { PLAN_JSON_SCHEMA } from '@nl2sql/plan';
import { CASE_SOURCES, CASE_TAGS, OUTCOMES } from './case.js';

type Schema = { readonly [keyword: string]: unknown };

const PLAN_SCHEMA_ID = String(PLAN_JSON_SCHEMA.$id);

const text: Schema = { type: 'string', minLength: 1 };
const cell: Schema = { type: ['null', 'number', 'string'] };
const rows: Schema = {
  type: 'array',
  description: 'Result rows, one array of cells per row, in selected column order.',
  items: { type: 'array', items: cell },
};
const sortedUnique = (item: Schema, description: string): Schema => ({
  type: 'array',
  description,
  items: item,
  uniqueItems: true,
});

/** The JSON Schema of one case. */
export const CASE_JSON_SCHEMA: Schema = {
  type: 'object',
  description: 'One eval case.',
  required: [
    'id',
    'question',
    'datasource',
    'source',
    'approved',
    'tags',
    'order_matters',
    'outcome',
    'tables',
    'columns',
  ],
  additionalProperties: false,
  properties: {
    id: { type: 'string', pattern: '^[A-Za-z0-9][A-Za-z0-9_.-]*$' },
    question: text,
    datasource: text,
    source: { enum: [...CASE_SOURCES] },
    approved: { type: 'boolean' },
    tags: sortedUnique({ enum: [...CASE_TAGS] }, 'Tags from the fixed vocabulary.'),
    sql: { type: 'string', pattern: '\\S', description: 'The gold SQL.' },
    order_matters: { type: 'boolean' },
    rows,
    alt_sql: { type: 'array', items: { type: 'string', pattern: '\\S' } },
    alt_rows: { type: 'array', items: rows },
    outcome: {
      type: 'object',
      minProperties: 1,
      additionalProperties: { enum: [...OUTCOMES] },
    },
    tables: sortedUnique(text, 'Tables the SQL reads.'),
    columns: sortedUnique(
      { type: 'string', pattern: '^[^.]+(\\.[^.]+)*\\.[^.]+$' },
      'Table.Column pairs the SQL reads.',
    ),
    plan: { $ref: PLAN_SCHEMA_ID },
    as_of_date: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
    paraphrase_of: text,
    notes: text,
  },
  // An unanswerable case has no SQL, so nothing to run and nothing to plan.
  dependentRequired: { alt_sql: ['sql'], alt_rows: ['alt_sql'], rows: ['sql'], plan: ['sql'] },
};

/** The JSON Schema of a suite file. */
export const SUITE_JSON_SCHEMA: Schema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://nl2sql-evals.dev/schemas/suite.json',
  title: 'nl2sql eval suite',
  type: 'object',
  required: ['name', 'version', 'cases'],
  additionalProperties: false,
  properties: {
    name: text,
    version: { const: 1 },
    description: text,
    plan_notes: {
      type: 'array',
      description: 'Plans that express the answer differently from the SQL, and how.',
      items: {
        type: 'object',
        required: ['case', 'note'],
        additionalProperties: false,
        properties: { case: text, note: text },
      },
    },
    cases: { type: 'array', items: { $ref: '#/$defs/case' } },
  },
  $defs: { case: CASE_JSON_SCHEMA },
};
