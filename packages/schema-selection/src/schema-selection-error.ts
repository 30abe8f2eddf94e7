/** Why an input to schema selection was rejected. */
export type SchemaSelectionErrorCode =
  /** A table name that is not in the schema. */
  | 'unknown_table'
  /** A `Table.Column` whose column is not in its table. */
  | 'unknown_column'
  /** A relationship label that does not parse, or whose two key lists differ in length. */
  | 'malformed_relationship'
  /** A relationship the registry does not hold. */
  | 'unknown_relationship'
  /** The same relationship declared twice. */
  | 'duplicate_relationship'
  /** Required elements or expected rows that cannot be scored (e.g. nothing required). */
  | 'invalid_case';

/**
 * Thrown when a schema, a declaration, a role scope or a case names something that does not
 * exist or cannot be read. A misspelt name must never widen or narrow what a role reads, nor
 * count as a miss in a score, so these stop the caller instead of being skipped. `where`
 * says which input held the bad value (e.g. `declared relationship 2`, `role scope`).
 */
export class SchemaSelectionError extends Error {
  override readonly name = 'SchemaSelectionError';
  readonly code: SchemaSelectionErrorCode;
  readonly where: string;

  constructor(code: SchemaSelectionErrorCode, where: string, message: string) {
    super(`${where}: ${message}`);
    this.code = code;
    this.where = where;
  }
}
