// @nl2sql/sqlcheck (the SQL parser, WebAssembly) is an optional peer of the suite: what reads
// and checks cases (the runner's core among them) installs without it, and only the functions
// that parse SQL (lint, import, regenerate, gold ties, transpiled golds) load it, on first
// use. Where it is not installed they refuse with an error naming the package, never skip
// the check (decisions/runner-passes.md).

/** The parser package's API, as the suite's parsing functions call it. */
export type Sqlcheck = typeof import('@nl2sql/sqlcheck');

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

let loading: Promise<Sqlcheck> | undefined;

/** @nl2sql/sqlcheck, imported once on first use. */
export function sqlcheck(): Promise<Sqlcheck> {
  loading ??= import('@nl2sql/sqlcheck').catch((cause: unknown) => {
    loading = undefined;
    throw new SqlParserMissingError(cause);
  });
  return loading;
}
