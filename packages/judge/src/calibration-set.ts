// A labelled calibration set (spec 001 section 6): pairs of a reference query and a candidate
// query for one question, each labelled equivalent or not by a person, with the reason in
// words. The judge is measured against these labels before a run may use it.
//
// The file's format is defined once, here, with TypeBox: the types below, the published
// `judge-calibration-set.schema.json` and the validator loadCalibrationSet runs all come from
// this definition (decisions/formats-defined-once.md). What a schema cannot say (ids unique
// in the set, a witness only on a not-equivalent pair) is checked by the loader.

import {
  defineFormat,
  EnumOf,
  type JsonSchema,
  type SchemaOptions,
  type Static,
  Type,
} from '@nl2sql/format';

/** What a person may decide about a pair, in the order the set's documentation lists them. */
export const EQUIVALENCE_LABELS = ['equivalent', 'not_equivalent'] as const;

/** The label of a pair, or a judge's verdict on it: one of EQUIVALENCE_LABELS. */
export const EquivalenceLabelSchema = (options: SchemaOptions = {}) =>
  EnumOf(EQUIVALENCE_LABELS, options);

const Text = (description?: string) =>
  Type.String({ minLength: 1, ...(description === undefined ? {} : { description }) });

export const CalibrationPairSchema = Type.Object(
  {
    id: Type.String({
      pattern: '^[A-Za-z0-9_.-]+$',
      description: 'Unique within the set.',
    }),
    case: Type.Optional(Text('The suite case the pair is built on, when it is one.')),
    question: Text(),
    category: Type.String({
      pattern: '^[a-z0-9]+(-[a-z0-9]+)*$',
      description:
        "What kind of rewrite or mistake the pair is (kebab-case, for the set's make-up).",
    }),
    label: EquivalenceLabelSchema({ description: 'What a person decided about the pair.' }),
    order_matters: Type.Boolean({ description: 'Row order is part of the answer.' }),
    gold: Text('The reference query.'),
    candidate: Text('The query whose equivalence is judged.'),
    reason: Type.String({ minLength: 10, description: 'Why the label is what it is.' }),
    witness: Type.Optional(
      Text(
        'Not-equivalent pairs only: SQL statements that, applied to a copy of the database, make the two queries return different rows (data that could exist, constraints kept).',
      ),
    ),
  },
  { additionalProperties: false, description: 'A reference query and a candidate, labelled.' },
);

export const CalibrationSetSchema = Type.Object(
  {
    name: Text(),
    version: Type.Integer({ minimum: 1, description: "The labels' version." }),
    database: Text('The datasource the pairs run on.'),
    dialect: EnumOf(['sqlite', 'postgres'] as const),
    description: Type.Optional(Type.String()),
    assumptions: Type.Optional(
      Type.Array(Text(), {
        description: 'What counts as a valid database state and as the same answer, in words.',
      }),
    ),
    pairs: Type.Array(CalibrationPairSchema, { minItems: 1 }),
  },
  { additionalProperties: false },
);

/** What a person decided about a pair. */
export type EquivalenceLabel = (typeof EQUIVALENCE_LABELS)[number];
// Interfaces, not aliases, so declaration files refer to them by name.
export interface CalibrationPair extends Static<typeof CalibrationPairSchema> {}
export interface CalibrationSet extends Static<typeof CalibrationSetSchema> {}

/** The calibration-set format: the definition, its published document and its validator. */
export const CALIBRATION_SET_FORMAT = defineFormat(CalibrationSetSchema, {
  id: 'https://nl2sql-evals.dev/schemas/judge-calibration-set.json',
  title: 'nl2sql judge calibration set',
  description:
    'Labelled pairs of a reference and a candidate SQL query, against which an LLM equivalence judge is calibrated.',
});

/** The JSON Schema (2020-12) of a calibration set, as published. */
export const CALIBRATION_SET_JSON_SCHEMA: JsonSchema = CALIBRATION_SET_FORMAT.document;

/** The set's make-up: how many pairs, how many of each label and category. */
export interface CalibrationComposition {
  pairs: number;
  equivalent: number;
  notEquivalent: number;
  /** `category` -> { equivalent, notEquivalent }, categories sorted. */
  categories: Record<string, { equivalent: number; notEquivalent: number }>;
}

export function composition(set: CalibrationSet): CalibrationComposition {
  const categories: Record<string, { equivalent: number; notEquivalent: number }> = {};
  let equivalent = 0;
  for (const pair of [...set.pairs].sort((a, b) => (a.category < b.category ? -1 : 1))) {
    const entry = categories[pair.category] ?? { equivalent: 0, notEquivalent: 0 };
    categories[pair.category] = entry;
    if (pair.label === 'equivalent') {
      equivalent++;
      entry.equivalent++;
    } else entry.notEquivalent++;
  }
  return {
    pairs: set.pairs.length,
    equivalent,
    notEquivalent: set.pairs.length - equivalent,
    categories,
  };
}
