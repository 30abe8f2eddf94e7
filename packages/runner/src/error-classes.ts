// The error classes of a failing case, as @nl2sql/sqlcheck names them (error-class.ts): a copy,
// so the runner's boards need no parser installed; test/pure-copies.test.ts holds them equal.

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
