// How many statements the *server* would see in a text. The parser is a port of another
// project's grammar and can disagree with the database on where a comment or a literal
// ends (PostgreSQL ends a `--` comment at CR, nests block comments, reads backslashes in
// E'' strings; SQLite ends `--` only at LF and reads `[...]` and backticks as names), and
// a text the parser sees as one query may run as two. This scanner follows each server's
// own tokenizer (SQLite's tokenize.c, PostgreSQL's scan.l, which DuckDB's parser keeps,
// MySQL's sql_lex.cc) only as far as statement
// boundaries need: whitespace, comments, literals, quoted names and semicolons. It is one
// linear pass with no backtracking.
import type { SqlDialect } from './dialect.js';
import { scanMysql } from './mysql-statements.js';
import { scanPostgres } from './postgres-statements.js';
import { scanSqlite } from './sqlite-statements.js';
import { Splitter } from './statement-splitter.js';

const LF = 10;
const CR = 13;

export interface StatementScanOptions {
  /**
   * PostgreSQL only: the server's standard_conforming_strings setting. On (the default
   * since 9.1), a backslash in '...' is an ordinary character; off, it escapes the next
   * character as in E'...'. Ignored for SQLite, which has no backslash escapes, and for
   * DuckDB, which has no such setting (always on).
   */
  standardConformingStrings?: boolean;
  /** MySQL only: backslash escapes in '...' (default true; off under NO_BACKSLASH_ESCAPES). */
  backslashEscapes?: boolean;
  /** MySQL only: backslash escapes in "..." (default: as backslashEscapes; off under ANSI_QUOTES). */
  doubleQuoteEscapes?: boolean;
}

export interface LexicalProblem {
  /** UTF-16 offset into the text. */
  offset: number;
  message: string;
}

export interface StatementScan {
  /** Statements with at least one token, as the server would split them at top-level `;`. */
  statements: number;
  /** Offset of each such statement's first token. */
  starts: number[];
  /** Offset of a `;` that ends an empty statement (`SELECT 1;;`, `; SELECT 1`), if any. */
  emptyStatementAt?: number;
  /** Text the server rejects or stops reading: an unterminated literal or comment, a NUL. */
  lexicalError?: LexicalProblem;
  /**
   * PostgreSQL: a '...' literal (or N'...') contained a backslash, so its extent depends
   * on standard_conforming_strings; MySQL: a '...' or "..." literal did, so it depends on
   * sql_mode. Scan again with the other setting to be sure.
   */
  backslashInPlainString: boolean;
  /** MySQL: offset of a `/*!`, `/*M!` or `/*+` comment, whose content the server runs. */
  executableCommentAt?: number;
  /** Start and end offsets of every quoted literal, name and comment, in order. */
  spans: number[];
}

/** Count the statements `sql` holds as the given server's tokenizer reads it. */
export function scanStatements(
  sql: string,
  dialect: SqlDialect,
  options: StatementScanOptions = {},
): StatementScan {
  // Both servers take the text as a C string: a NUL ends it (SQLite's tokenizer stops
  // there; PostgreSQL reads the query message up to it and rejects the rest).
  const nul = sql.indexOf('\u0000');
  const text = nul < 0 ? sql : sql.slice(0, nul);
  const out = new Splitter();
  if (dialect === 'sqlite') scanSqlite(text, out);
  else if (dialect === 'mysql') {
    const backslashEscapes = options.backslashEscapes ?? true;
    scanMysql(
      text,
      { backslashEscapes, doubleQuoteEscapes: options.doubleQuoteEscapes ?? backslashEscapes },
      out,
    );
  } else if (dialect === 'duckdb') scanPostgres(text, true, out);
  else scanPostgres(text, options.standardConformingStrings ?? true, out);
  if (nul >= 0) {
    out.fail(
      nul,
      `a NUL character ends the text for ${SERVER_NAMES[dialect]}; what follows is not read`,
    );
  }
  return out.result();
}

/** The server each dialect's text is read by, for messages. */
export const SERVER_NAMES: Readonly<Record<SqlDialect, string>> = {
  sqlite: 'SQLite',
  postgres: 'PostgreSQL',
  mysql: 'MySQL',
  duckdb: 'DuckDB',
};

/** 1-based line and column of an offset, counting LF, CR LF and CR as line breaks. */
export function lineColumn(s: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === LF || (c === CR && s.charCodeAt(i + 1) !== LF)) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}
