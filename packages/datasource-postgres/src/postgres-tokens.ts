/**
 * A lexical token of PostgreSQL SQL, as far as statement boundaries and leading keywords need:
 * where strings, quoted names and comments start and end.
 */
export interface PostgresToken {
  kind: 'word' | 'quoted' | 'string' | 'comment' | 'other';
  /** The token's text as written. */
  text: string;
  start: number;
  end: number;
  /** A string, quoted name or block comment that the text ends inside. */
  unterminated?: boolean;
}

// PostgreSQL's lexer (src/backend/parser/scan.l): identifiers start with a letter, an
// underscore or any byte >= 0x80 and go on with digits and `$` too; a dollar-quote tag has no
// `$` or digit first. Whitespace is only these six characters (\v since PostgreSQL 16; on older
// servers it is not whitespace, which only makes the text fail to parse).
const IDENT_START = /[A-Za-z_\u0080-\uffff]/;
const IDENT_PART = /[A-Za-z0-9_$\u0080-\uffff]/;
const TAG_PART = /[A-Za-z0-9_\u0080-\uffff]/;
const SPACE = new Set([' ', '\t', '\n', '\r', '\f', '\v']);

/** End of a quoted run opened at `open` (the quote character's index), where a doubled quote escapes; -1 if it never closes. */
function doubledQuoteEnd(sql: string, open: number, quote: string): number {
  let i = open + 1;
  while (i < sql.length) {
    if (sql[i] === quote) {
      if (sql[i + 1] === quote) {
        i += 2;
        continue;
      }
      return i + 1;
    }
    i += 1;
  }
  return -1;
}

/** End of an E'...' string opened at `open`: a backslash escapes the next character, '' too; -1 if it never closes. */
function escapeStringEnd(sql: string, open: number): number {
  let i = open + 1;
  while (i < sql.length) {
    const c = sql[i];
    if (c === '\\') {
      i += 2;
    } else if (c === "'") {
      if (sql[i + 1] === "'") i += 2;
      else return i + 1;
    } else {
      i += 1;
    }
  }
  return -1;
}

/** The dollar-quote delimiter (`$$` or `$tag$`) starting at `i`, or undefined. */
function dollarDelimiter(sql: string, i: number): string | undefined {
  if (sql[i] !== '$') return undefined;
  let j = i + 1;
  if (j < sql.length && IDENT_START.test(sql[j]!)) {
    j += 1;
    while (j < sql.length && TAG_PART.test(sql[j]!)) j += 1;
  }
  return sql[j] === '$' ? sql.slice(i, j + 1) : undefined;
}

/** End of a block comment opened at `i`; PostgreSQL's block comments nest. -1 if it never closes. */
function blockCommentEnd(sql: string, i: number): number {
  let depth = 0;
  let j = i;
  while (j < sql.length) {
    if (sql[j] === '/' && sql[j + 1] === '*') {
      depth += 1;
      j += 2;
    } else if (sql[j] === '*' && sql[j + 1] === '/') {
      depth -= 1;
      j += 2;
      if (depth === 0) return j;
    } else {
      j += 1;
    }
  }
  return -1;
}

/**
 * Split PostgreSQL SQL into tokens the way the server's lexer finds their boundaries (with
 * `standard_conforming_strings` on, which the adapter sets on every connection): `--` comments
 * end at a line feed or a carriage return, block comments nest, `E'...'` strings honour
 * backslash escapes, `$tag$...$tag$` strings hold anything, `U&'...'`, `B'...'`, `X'...'` and
 * `N'...'` are strings, `"..."` and `U&"..."` are names. Whitespace is skipped; comments are
 * returned so callers can blank them.
 */
export function postgresTokens(sql: string): PostgresToken[] {
  const tokens: PostgresToken[] = [];
  // An end of -1: the text stops inside the token, which then runs to the end.
  const push = (kind: PostgresToken['kind'], start: number, found: number) => {
    const end = found === -1 ? sql.length : found;
    const token: PostgresToken = { kind, text: sql.slice(start, end), start, end };
    if (found === -1) token.unterminated = true;
    tokens.push(token);
    return end;
  };
  let i = 0;
  while (i < sql.length) {
    const c = sql[i]!;
    const next = sql[i + 1];
    if (SPACE.has(c)) {
      i += 1;
    } else if (c === '-' && next === '-') {
      let end = i + 2;
      while (end < sql.length && sql[end] !== '\n' && sql[end] !== '\r') end += 1;
      i = push('comment', i, end);
    } else if (c === '/' && next === '*') {
      i = push('comment', i, blockCommentEnd(sql, i));
    } else if (c === "'") {
      i = push('string', i, doubledQuoteEnd(sql, i, "'"));
    } else if (c === '"') {
      i = push('quoted', i, doubledQuoteEnd(sql, i, '"'));
    } else if ((c === 'E' || c === 'e') && next === "'") {
      i = push('string', i, escapeStringEnd(sql, i + 1));
    } else if (
      (c === 'U' || c === 'u') &&
      next === '&' &&
      (sql[i + 2] === "'" || sql[i + 2] === '"')
    ) {
      const quote = sql[i + 2]!;
      i = push(quote === "'" ? 'string' : 'quoted', i, doubledQuoteEnd(sql, i + 2, quote));
    } else if ('BbXxNn'.includes(c) && next === "'") {
      i = push('string', i, doubledQuoteEnd(sql, i + 1, "'"));
    } else if (c === '$' && dollarDelimiter(sql, i) !== undefined) {
      const delimiter = dollarDelimiter(sql, i)!;
      const close = sql.indexOf(delimiter, i + delimiter.length);
      i = push('string', i, close === -1 ? -1 : close + delimiter.length);
    } else if (IDENT_START.test(c)) {
      let end = i + 1;
      while (end < sql.length && IDENT_PART.test(sql[end]!)) end += 1;
      i = push('word', i, end);
    } else if (/[0-9]/.test(c) || (c === '.' && next !== undefined && /[0-9]/.test(next))) {
      // A number, with any letters glued to it (PostgreSQL 15+ rejects them as trailing
      // junk; older servers read them as a separate word, which changes no boundary here).
      let end = i + 1;
      while (end < sql.length && /[0-9A-Za-z_.]/.test(sql[end]!)) {
        if (
          (sql[end] === 'e' || sql[end] === 'E') &&
          (sql[end + 1] === '+' || sql[end + 1] === '-')
        )
          end += 1;
        end += 1;
      }
      i = push('other', i, end);
    } else {
      i = push('other', i, i + 1);
    }
  }
  return tokens;
}
