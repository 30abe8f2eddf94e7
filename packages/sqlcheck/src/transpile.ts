// SQL written for SQLite made runnable on PostgreSQL: the parser rewrites functions and
// clauses (strftime -> TO_CHAR, SQLite's NULL ordering made explicit), then every unquoted
// name the target database spells with capitals is quoted with its exact spelling, since
// PostgreSQL folds unquoted names to lower case and SQLite compares them case-insensitively.
import { type SqlDialect, toDialect } from './dialect.js';
import { loadSdk } from './load.js';
import { sdkDialectOf } from './parse.js';
import { strftimeToDateFormat } from './transpile-strftime.js';

/** The parser could not rewrite the SQL for the target dialect. */
export class TranspileError extends Error {
  readonly code = 'SQLCHECK_TRANSPILE_FAILED';
  constructor(message: string) {
    super(message);
    this.name = 'TranspileError';
  }
}

export interface TranspileOptions {
  from: SqlDialect | 'postgresql';
  to: SqlDialect | 'postgresql';
  /**
   * Table and column names as the target database spells them. On PostgreSQL and MySQL an
   * unquoted word spelling one of them in another case is written quoted with this spelling.
   */
  names?: Iterable<string>;
}

/** One statement rewritten from `from` to `to`; throws TranspileError when it cannot be. */
export async function transpileSql(sql: string, options: TranspileOptions): Promise<string> {
  const from = toDialect(options.from);
  const to = toDialect(options.to);
  const sdk = await loadSdk();
  const dialect = (d: SqlDialect) => sdkDialectOf(sdk, d);
  const result = sdk.transpile(sql, dialect(from), dialect(to));
  if (!result.success || !result.sql) {
    throw new TranspileError(`cannot transpile from ${from} to ${to}: ${result.error ?? 'no SQL'}`);
  }
  if (result.sql.length !== 1) {
    throw new TranspileError(
      `cannot transpile from ${from} to ${to}: ${result.sql.length} statements, expected one`,
    );
  }
  let out = result.sql[0]!;
  if (to === 'mysql' && from === 'sqlite') {
    try {
      out = strftimeToDateFormat(sdk, out);
    } catch (error) {
      throw new TranspileError(
        `cannot transpile from ${from} to ${to}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
  // PostgreSQL folds unquoted names to lower case; MySQL on Linux compares table names
  // case-sensitively. SQLite and DuckDB compare every name case-insensitively.
  if ((to !== 'postgres' && to !== 'mysql') || options.names === undefined) return out;
  const quote = to === 'mysql' ? '`' : '"';
  const exact = new Map<string, string>();
  for (const name of options.names) {
    if (name !== name.toLowerCase()) exact.set(name.toLowerCase(), name);
  }
  if (exact.size === 0) return out;
  const tokens = sdk.tokenize(out, dialect(to));
  if (!tokens.success || !tokens.tokens) {
    throw new TranspileError(`cannot read the transpiled SQL: ${tokens.error ?? 'no tokens'}`);
  }
  // 0.12.1 declares `tokenType` but hands over `token_type` (the wasm's field name): read
  // either, so a fix on either side keeps this working.
  const list = tokens.tokens.map((token) => {
    const raw = token as unknown as { token_type?: string; tokenType?: string };
    return { ...token, type: raw.tokenType ?? raw.token_type ?? '' };
  });
  // Aliases the query defines (the parser writes every one after AS): a reference to one is
  // the alias, not the table of the same spelling, and stays as written.
  const aliases = new Set(
    list
      .filter((token, i) => token.type === 'VAR' && list[i - 1]?.type === 'AS')
      .map((token) => token.text.toLowerCase()),
  );
  let written = '';
  let at = 0;
  for (let i = 0; i < list.length; i += 1) {
    const token = list[i]!;
    // VAR is an unquoted identifier; one followed by `(` is a function name, left alone.
    if (token.type !== 'VAR' || list[i + 1]?.type === 'L_PAREN') continue;
    // An alias where it is defined (after AS), or used (anywhere but before its own AS, where
    // the word is the table being aliased), stays as written.
    if (list[i - 1]?.type === 'AS') continue;
    if (aliases.has(token.text.toLowerCase()) && list[i + 1]?.type !== 'AS') continue;
    const spelling = exact.get(token.text.toLowerCase());
    if (spelling === undefined) continue;
    written += `${out.slice(at, token.span.start)}${quote}${spelling.replaceAll(quote, quote + quote)}${quote}`;
    at = token.span.end;
  }
  return written + out.slice(at);
}
