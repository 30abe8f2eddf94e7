// Its own file, so the suite's public declarations never reach the parser's types (sql-parser.ts).

/** A function that parses SQL was called where @nl2sql/sqlcheck is not installed. */
export class SqlParserMissingError extends Error {
  readonly code = 'SQL_PARSER_MISSING';
  constructor(cause: unknown) {
    super(
      `@nl2sql/suite: this function parses SQL and needs @nl2sql/sqlcheck; install it beside @nl2sql/suite (${cause instanceof Error ? cause.message : String(cause)})`,
      { cause },
    );
    this.name = 'SqlParserMissingError';
  }
}
