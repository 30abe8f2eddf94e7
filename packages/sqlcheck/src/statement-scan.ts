// How many statements the *server* would see in a text. The parser is a port of another
// project's grammar and can disagree with the database on where a comment or a literal
// ends (PostgreSQL ends a `--` comment at CR, nests block comments, reads backslashes in
// E'' strings; SQLite ends `--` only at LF and reads `[...]` and backticks as names), and
// a text the parser sees as one query may run as two. This scanner follows each server's
// own tokenizer (SQLite's tokenize.c, PostgreSQL's scan.l) only as far as statement
// boundaries need: whitespace, comments, literals, quoted names and semicolons. It is one
// linear pass with no backtracking.
import type { SqlDialect } from './dialect.js';

export interface StatementScanOptions {
  /**
   * PostgreSQL only: the server's standard_conforming_strings setting. On (the default
   * since 9.1), a backslash in '...' is an ordinary character; off, it escapes the next
   * character as in E'...'. Ignored for SQLite, which has no backslash escapes.
   */
  standardConformingStrings?: boolean;
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
   * on standard_conforming_strings; scan again with the other setting to be sure.
   */
  backslashInPlainString: boolean;
  /** Start and end offsets of every quoted literal, name and comment, in order. */
  spans: number[];
}

const TAB = 9;
const LF = 10;
const FF = 12;
const CR = 13;
const SPACE = 32;
const QUOTE = 39; // '
const DQUOTE = 34; // "
const BACKTICK = 96;
const BACKSLASH = 92;
const DOLLAR = 36;
const SEMI = 59;
const MINUS = 45;
const SLASH = 47;
const STAR = 42;
const LBRACKET = 91;
const LPAREN = 40;
const RPAREN = 41;
const COLON = 58;
const AMP = 38;
const BOM = 0xfeff;

const isDigit = (c: number) => c >= 48 && c <= 57;
const isAsciiLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
/** Both servers read UTF-8 bytes; every byte of a non-ASCII character is >= 0x80. */
const isHigh = (c: number) => c >= 0x80;

/** SQLite's IdChar: letters, digits, `_`, `$`, and any byte >= 0x80. */
const sqliteIdChar = (c: number) =>
  isAsciiLetter(c) || isDigit(c) || c === 95 || c === DOLLAR || isHigh(c);
/** SQLite's sqlite3Isspace: TAB, LF, VT, FF, CR and space. */
const sqliteIsspace = (c: number) => c === SPACE || (c >= TAB && c <= CR);
/** SQLite's CC_SPACE class (what may start a whitespace token): not VT. */
const sqliteSpaceStart = (c: number) =>
  c === SPACE || c === TAB || c === LF || c === FF || c === CR;

/** PostgreSQL's {space}: [ \t\n\r\f\v]. */
const pgSpace = (c: number) => c === SPACE || (c >= TAB && c <= CR);
const pgNewline = (c: number) => c === LF || c === CR;
const pgIdentStart = (c: number) => isAsciiLetter(c) || c === 95 || isHigh(c);
const pgIdentCont = (c: number) => pgIdentStart(c) || isDigit(c) || c === DOLLAR;

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
  else scanPostgres(text, options.standardConformingStrings ?? true, out);
  if (nul >= 0) {
    out.fail(
      nul,
      `a NUL character ends the text for ${dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'}; what follows is not read`,
    );
  }
  return out.result();
}

/** Shared bookkeeping: statements start at their first token and end at `;`. */
class Splitter {
  readonly starts: number[] = [];
  emptyStatementAt: number | undefined;
  lexicalError: LexicalProblem | undefined;
  backslashInPlainString = false;
  readonly spans: number[] = [];
  private open = false;

  span(start: number, end: number): number {
    this.spans.push(start, end);
    return end;
  }

  token(at: number): void {
    if (!this.open) {
      this.open = true;
      this.starts.push(at);
    }
  }

  semicolon(at: number): void {
    if (this.open) this.open = false;
    else this.emptyStatementAt ??= at;
  }

  fail(offset: number, message: string): void {
    this.lexicalError ??= { offset, message };
  }

  result(): StatementScan {
    return {
      statements: this.starts.length,
      starts: this.starts,
      ...(this.emptyStatementAt !== undefined ? { emptyStatementAt: this.emptyStatementAt } : {}),
      ...(this.lexicalError ? { lexicalError: this.lexicalError } : {}),
      backslashInPlainString: this.backslashInPlainString,
      spans: this.spans,
    };
  }
}

// SQLite (tokenize.c, sqlite3GetToken). Notes that matter for boundaries:
// - `--` runs to LF only (CR, FF, VT and U+2028 do not end it) or to the end.
// - `/*` runs to the first `*/`, no nesting; an unterminated one runs to the end and is
//   accepted; `/*` as the last two characters is a slash and a star.
// - '...', "...", `...` double their delimiter to escape it; no backslash escapes.
// - [...] ends at the first `]`; x'...' at the next quote.
// - $name, @name, :name, #name may carry a TCL suffix `(...)` that runs to `)` or space,
//   so `$a(x;y)` is one token.
// - whitespace starts with space, TAB, LF, FF or CR and then also swallows VT; a VT that
//   starts a token is illegal. U+FEFF (the UTF-8 BOM) is whitespace.
// - NUL ends the input: the C string stops there.
function scanSqlite(s: string, out: Splitter): void {
  const n = s.length;
  let i = 0;
  while (i < n) {
    const c = s.charCodeAt(i);
    if (sqliteSpaceStart(c)) {
      i++;
      while (i < n && sqliteIsspace(s.charCodeAt(i))) i++;
      continue;
    }
    if (c === BOM) {
      i++;
      continue;
    }
    const next = i + 1 < n ? s.charCodeAt(i + 1) : -1;
    if (c === MINUS && next === MINUS) {
      i = out.span(
        i,
        lineEnd(s, i + 2, (ch) => ch === LF),
      );
      continue;
    }
    if (c === SLASH && next === STAR && i + 2 < n) {
      const close = s.indexOf('*/', i + 2);
      i = out.span(i, close < 0 ? n : close + 2);
      continue;
    }
    if (c === SEMI) {
      out.semicolon(i);
      i++;
      continue;
    }
    out.token(i);
    if (c === QUOTE || c === DQUOTE || c === BACKTICK) {
      i = out.span(i, doubledQuoteEnd(s, i, c, out));
    } else if (c === LBRACKET) {
      const close = s.indexOf(']', i + 1);
      if (close < 0) out.fail(i, 'unterminated [quoted name]');
      i = out.span(i, close < 0 ? n : close + 1);
    } else if ((c === 120 || c === 88) && next === QUOTE) {
      // x'...': a blob literal ends at the next quote
      const close = s.indexOf("'", i + 2);
      if (close < 0) out.fail(i, 'unterminated blob literal');
      i = out.span(i, close < 0 ? n : close + 1);
    } else if (c === DOLLAR || c === 64 || c === COLON || c === 35) {
      i = sqliteVariableEnd(s, i);
    } else if (c === 63) {
      i++;
      while (i < n && isDigit(s.charCodeAt(i))) i++;
    } else if (sqliteIdChar(c)) {
      // identifiers, keywords and numbers (a number followed by IdChars is one illegal token)
      i++;
      while (i < n && sqliteIdChar(s.charCodeAt(i))) i++;
    } else {
      i++;
    }
  }
}

function sqliteVariableEnd(s: string, start: number): number {
  const n = s.length;
  let i = start + 1;
  let named = 0;
  while (i < n) {
    const c = s.charCodeAt(i);
    if (sqliteIdChar(c)) {
      named++;
      i++;
    } else if (c === LPAREN && named > 0) {
      i++;
      while (i < n) {
        const d = s.charCodeAt(i);
        if (d === RPAREN || sqliteIsspace(d)) break;
        i++;
      }
      if (i < n && s.charCodeAt(i) === RPAREN) i++;
      return i;
    } else if (c === COLON && i + 1 < n && s.charCodeAt(i + 1) === COLON) {
      i += 2;
    } else break;
  }
  return i;
}

// PostgreSQL (scan.l). Notes that matter for boundaries:
// - {space} is [ \t\n\r\f\v]; `--` runs to LF or CR; U+2028 and FF do not end it.
// - `/*` comments nest; an unterminated one is an error.
// - '...' doubles quotes; with standard_conforming_strings off it also takes backslash
//   escapes. E'...' always does (`\'` is a quote inside). U&'...', B'...', X'...' do not.
//   B'' and X'' do not double quotes: `B'1''x'` is B'1' followed by 'x'.
// - A literal continues after whitespace that holds a newline and then a quote:
//   `E'a'\n'\''` is one E'' literal, read with backslash escapes throughout.
// - $tag$...$tag$ and $$...$$ start only where an identifier could (`a$$` is a name).
// - "..." doubles quotes; backticks and brackets are operators, not quotes.
// - A prefix letter counts only at a token start: `1e'x'` is 1 then E'x' (before 15; an
//   error since), `ae'x'` is the name ae then 'x'.
function scanPostgres(s: string, standardConformingStrings: boolean, out: Splitter): void {
  const n = s.length;
  const plain: StringMode = standardConformingStrings ? 'standard' : 'escape';
  let i = 0;
  while (i < n) {
    const c = s.charCodeAt(i);
    if (pgSpace(c)) {
      i++;
      continue;
    }
    const next = i + 1 < n ? s.charCodeAt(i + 1) : -1;
    if (c === MINUS && next === MINUS) {
      i = out.span(
        i,
        lineEnd(s, i + 2, (ch) => ch === LF || ch === CR),
      );
      continue;
    }
    if (c === SLASH && next === STAR) {
      i = out.span(i, nestedCommentEnd(s, i, out));
      continue;
    }
    if (c === SEMI) {
      out.semicolon(i);
      i++;
      continue;
    }
    out.token(i);
    if (c === QUOTE) {
      i = out.span(i, pgStringEnd(s, i, plain, out));
    } else if (c === DQUOTE) {
      i = out.span(i, doubledQuoteEnd(s, i, DQUOTE, out));
    } else if (c === DOLLAR) {
      i = out.span(i, pgDollarEnd(s, i, out));
    } else if (pgIdentStart(c)) {
      const lower = c | 0x20;
      if (next === QUOTE && (lower === 98 || lower === 120)) {
        i = out.span(i, pgStringEnd(s, i + 1, 'bits', out)); // B'...' or X'...'
      } else if (next === QUOTE && lower === 101) {
        i = out.span(i, pgStringEnd(s, i + 1, 'escape', out)); // E'...'
      } else if (next === QUOTE && lower === 110) {
        i = out.span(i, pgStringEnd(s, i + 1, plain, out)); // N'...' is NCHAR then a plain literal
      } else if (lower === 117 && next === AMP && i + 2 < n && s.charCodeAt(i + 2) === QUOTE) {
        i = out.span(i, pgStringEnd(s, i + 2, 'standard', out)); // U&'...' (an error when SCS is off)
      } else if (lower === 117 && next === AMP && i + 2 < n && s.charCodeAt(i + 2) === DQUOTE) {
        i = out.span(i, doubledQuoteEnd(s, i + 2, DQUOTE, out));
      } else {
        i++;
        while (i < n && pgIdentCont(s.charCodeAt(i))) i++;
      }
    } else if (isDigit(c)) {
      // Only the digits: a letter after them starts a new token for boundary purposes
      // (PostgreSQL 14 and older read `1e'x'` as 1 then E'x'; 15 and later reject it).
      i++;
      while (i < n && isDigit(s.charCodeAt(i))) i++;
    } else {
      i++;
    }
  }
}

type StringMode = 'standard' | 'escape' | 'bits';

/** End of a PostgreSQL quoted literal whose opening quote is at `open`. */
function pgStringEnd(s: string, open: number, mode: StringMode, out: Splitter): number {
  const n = s.length;
  let j = open + 1;
  for (;;) {
    if (j >= n) {
      out.fail(open, 'unterminated quoted string');
      return n;
    }
    const c = s.charCodeAt(j);
    if (c === BACKSLASH) {
      if (mode === 'escape') {
        j += 2;
        continue;
      }
      if (mode === 'standard') out.backslashInPlainString = true;
    } else if (c === QUOTE) {
      if (mode !== 'bits' && j + 1 < n && s.charCodeAt(j + 1) === QUOTE) {
        j += 2;
        continue;
      }
      const resume = pgContinuation(s, j + 1);
      if (resume < 0) return j + 1;
      j = resume;
      continue;
    }
    j++;
  }
}

/**
 * After a closing quote: if whitespace and `--` comments holding at least one newline are
 * followed by a quote, the literal continues; returns the index after that quote, or -1.
 */
function pgContinuation(s: string, from: number): number {
  const n = s.length;
  let k = from;
  let newline = false;
  while (k < n) {
    const c = s.charCodeAt(k);
    if (pgSpace(c)) {
      if (pgNewline(c)) newline = true;
      k++;
    } else if (c === MINUS && k + 1 < n && s.charCodeAt(k + 1) === MINUS) {
      k = lineEnd(s, k + 2, (ch) => ch === LF || ch === CR);
    } else break;
  }
  return newline && k < n && s.charCodeAt(k) === QUOTE ? k + 1 : -1;
}

function pgDollarEnd(s: string, start: number, out: Splitter): number {
  const n = s.length;
  let j = start + 1;
  if (j < n && isDigit(s.charCodeAt(j))) {
    while (j < n && isDigit(s.charCodeAt(j))) j++;
    return j; // $1: a parameter
  }
  if (j < n && pgIdentStart(s.charCodeAt(j))) {
    j++;
    while (j < n && (pgIdentStart(s.charCodeAt(j)) || isDigit(s.charCodeAt(j)))) j++;
  }
  if (j >= n || s.charCodeAt(j) !== DOLLAR) return start + 1; // a lone `$`
  const delimiter = s.slice(start, j + 1);
  const close = s.indexOf(delimiter, j + 1);
  if (close < 0) {
    out.fail(start, 'unterminated dollar-quoted string');
    return n;
  }
  return close + delimiter.length;
}

function nestedCommentEnd(s: string, open: number, out: Splitter): number {
  const n = s.length;
  let depth = 0;
  let j = open + 2;
  while (j < n) {
    const c = s.charCodeAt(j);
    const d = j + 1 < n ? s.charCodeAt(j + 1) : -1;
    if (c === SLASH && d === STAR) {
      depth++;
      j += 2;
    } else if (c === STAR && d === SLASH) {
      if (depth === 0) return j + 2;
      depth--;
      j += 2;
    } else j++;
  }
  out.fail(open, 'unterminated /* comment');
  return n;
}

/** A quoted name or string closed by `quote`, with a doubled quote standing for one. */
function doubledQuoteEnd(s: string, open: number, quote: number, out: Splitter): number {
  const n = s.length;
  let j = open + 1;
  while (j < n) {
    const c = s.charCodeAt(j);
    if (c === quote) {
      if (j + 1 < n && s.charCodeAt(j + 1) === quote) j += 2;
      else return j + 1;
    } else j++;
  }
  out.fail(
    open,
    `unterminated ${quote === QUOTE ? 'string literal' : 'quoted name'} (${String.fromCharCode(quote)})`,
  );
  return n;
}

/** Index of the first character from `from` on that ends a line comment, or the end. */
function lineEnd(s: string, from: number, ends: (c: number) => boolean): number {
  const n = s.length;
  let j = from;
  while (j < n && !ends(s.charCodeAt(j))) j++;
  return j;
}

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
