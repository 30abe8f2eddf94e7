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

// Character codes. The scanner runs on every query the adapter sends, so it compares codes
// rather than matching regular expressions character by character.
const TAB = 9;
const LF = 10;
const CR = 13;
const SPACE = 32;
const DOUBLE_QUOTE = 34;
const DOLLAR = 36;
const AMPERSAND = 38;
const QUOTE = 39;
const STAR = 42;
const MINUS = 45;
const DOT = 46;
const SLASH = 47;
const BACKSLASH = 92;

// PostgreSQL's lexer (src/backend/parser/scan.l): identifiers start with a letter, an
// underscore or any byte >= 0x80 and go on with digits and `$` too; a dollar-quote tag has no
// `$` or digit first. Whitespace is only these six characters (\v since PostgreSQL 16; on older
// servers it is not whitespace, which only makes the text fail to parse).
function isSpace(c: number): boolean {
  return c === SPACE || (c >= TAB && c <= CR);
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

function isLetter(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

function isIdentStart(c: number): boolean {
  return isLetter(c) || c === 95 || c >= 0x80;
}

/** A character that may follow the first of a dollar-quote tag. */
function isTagPart(c: number): boolean {
  return isIdentStart(c) || isDigit(c);
}

function isIdentPart(c: number): boolean {
  return isTagPart(c) || c === DOLLAR;
}

/** End of a quoted run opened at `open` (the quote's index), where a doubled quote escapes; -1 if it never closes. */
function doubledQuoteEnd(sql: string, open: number, quote: number): number {
  let i = open + 1;
  while (i < sql.length) {
    if (sql.charCodeAt(i) === quote) {
      if (sql.charCodeAt(i + 1) === quote) {
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
    const c = sql.charCodeAt(i);
    if (c === BACKSLASH) {
      i += 2;
    } else if (c === QUOTE) {
      if (sql.charCodeAt(i + 1) === QUOTE) i += 2;
      else return i + 1;
    } else {
      i += 1;
    }
  }
  return -1;
}

/** The dollar-quote delimiter (`$$` or `$tag$`) starting at `i`, or undefined. */
function dollarDelimiter(sql: string, i: number): string | undefined {
  if (sql.charCodeAt(i) !== DOLLAR) return undefined;
  let j = i + 1;
  if (j < sql.length && isIdentStart(sql.charCodeAt(j))) {
    j += 1;
    while (j < sql.length && isTagPart(sql.charCodeAt(j))) j += 1;
  }
  return sql.charCodeAt(j) === DOLLAR ? sql.slice(i, j + 1) : undefined;
}

/** End of a block comment opened at `i`; PostgreSQL's block comments nest. -1 if it never closes. */
function blockCommentEnd(sql: string, i: number): number {
  let depth = 0;
  let j = i;
  while (j < sql.length) {
    const c = sql.charCodeAt(j);
    if (c === SLASH && sql.charCodeAt(j + 1) === STAR) {
      depth += 1;
      j += 2;
    } else if (c === STAR && sql.charCodeAt(j + 1) === SLASH) {
      depth -= 1;
      j += 2;
      if (depth === 0) return j;
    } else {
      j += 1;
    }
  }
  return -1;
}

/** The prefixes of B'...', X'...' and N'...' strings (standard quoting inside). */
function isPlainStringPrefix(c: number): boolean {
  return c === 66 || c === 98 || c === 88 || c === 120 || c === 78 || c === 110;
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
  const length = sql.length;
  let i = 0;
  while (i < length) {
    const c = sql.charCodeAt(i);
    const next = sql.charCodeAt(i + 1);
    if (isSpace(c)) {
      i += 1;
    } else if (c === MINUS && next === MINUS) {
      let end = i + 2;
      while (end < length && sql.charCodeAt(end) !== LF && sql.charCodeAt(end) !== CR) end += 1;
      i = push('comment', i, end);
    } else if (c === SLASH && next === STAR) {
      i = push('comment', i, blockCommentEnd(sql, i));
    } else if (c === QUOTE) {
      i = push('string', i, doubledQuoteEnd(sql, i, QUOTE));
    } else if (c === DOUBLE_QUOTE) {
      i = push('quoted', i, doubledQuoteEnd(sql, i, DOUBLE_QUOTE));
    } else if ((c === 69 || c === 101) && next === QUOTE) {
      i = push('string', i, escapeStringEnd(sql, i + 1));
    } else if (
      (c === 85 || c === 117) &&
      next === AMPERSAND &&
      (sql.charCodeAt(i + 2) === QUOTE || sql.charCodeAt(i + 2) === DOUBLE_QUOTE)
    ) {
      const quote = sql.charCodeAt(i + 2);
      i = push(quote === QUOTE ? 'string' : 'quoted', i, doubledQuoteEnd(sql, i + 2, quote));
    } else if (isPlainStringPrefix(c) && next === QUOTE) {
      i = push('string', i, doubledQuoteEnd(sql, i + 1, QUOTE));
    } else if (c === DOLLAR && dollarDelimiter(sql, i) !== undefined) {
      const delimiter = dollarDelimiter(sql, i)!;
      const close = sql.indexOf(delimiter, i + delimiter.length);
      i = push('string', i, close === -1 ? -1 : close + delimiter.length);
    } else if (isIdentStart(c)) {
      let end = i + 1;
      while (end < length && isIdentPart(sql.charCodeAt(end))) end += 1;
      i = push('word', i, end);
    } else if (isDigit(c) || (c === DOT && isDigit(next))) {
      // A number, with any letters glued to it (PostgreSQL 15+ rejects them as trailing
      // junk; older servers read them as a separate word, which changes no boundary here).
      let end = i + 1;
      for (;;) {
        const d = sql.charCodeAt(end);
        if (!(isDigit(d) || isLetter(d) || d === 95 || d === DOT)) break;
        const sign = sql.charCodeAt(end + 1);
        if ((d === 69 || d === 101) && (sign === 43 || sign === MINUS)) end += 1;
        end += 1;
      }
      i = push('other', i, end);
    } else {
      i = push('other', i, i + 1);
    }
  }
  return tokens;
}
