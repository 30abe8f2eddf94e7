// @nl2sql/sqlcheck (the SQL parser, WebAssembly) is an optional peer of the suite: what reads
// and checks cases (the runner's core among them) installs without it, and only the functions
// that parse SQL (lint, import, regenerate, gold ties, transpiled golds) load it, on first
// use. Where it is not installed they refuse with an error naming the package, never skip
// the check (decisions/runner-passes.md).

import { SqlParserMissingError } from './sql-parser-missing-error.js';

/** The parser package's API as the suite calls it (index.ts exports none of this file). */
export type Sqlcheck = typeof import('@nl2sql/sqlcheck');

let loading: Promise<Sqlcheck> | undefined;

/** @nl2sql/sqlcheck, imported once on first use. */
export function sqlcheck(): Promise<Sqlcheck> {
  loading ??= import('@nl2sql/sqlcheck').catch((cause: unknown) => {
    loading = undefined;
    throw new SqlParserMissingError(cause);
  });
  return loading;
}
