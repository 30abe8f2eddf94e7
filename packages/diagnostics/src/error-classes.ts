// The error classes of a failing case run (001 §8's taxonomy; @nl2sql/sqlcheck assigns them
// from the SQL, the runner from the outcome) and the difficulty levels: the vocabulary the
// records and the diagnostics board share, without the parser that classifies.

export const ERROR_CLASSES = [
  'no_sql',
  'execution_error',
  'presentation_only',
  'table_selection',
  'aggregation',
  'column_selection',
  'entity_linking',
  'filter_values',
  /**
   * The outcome itself is wrong: a refusal or "not answerable" where an answer was expected,
   * or an answer where a refusal was. The runner names it from the case run's outcome; the
   * SQL diagnostics never do (there may be no SQL to read).
   */
  'wrong_outcome',
  'other',
  'unclassified',
] as const;
export type ErrorClass = (typeof ERROR_CLASSES)[number];

export type DifficultyLevel = 'simple' | 'moderate' | 'complex';
