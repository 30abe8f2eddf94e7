// MySQL's and MariaDB's statement boundaries, following their lexer (sql_lex.cc) only as far
// as they need: whitespace, comments, literals, quoted names and semicolons.
import { doubledQuoteEnd, lineEnd, type Splitter } from './statement-splitter.js';

const TAB = 9;
const LF = 10;
const CR = 13;
const SPACE = 32;
const QUOTE = 39; // '
const DQUOTE = 34; // "
const BACKTICK = 96;
const BACKSLASH = 92;
const SEMI = 59;
const MINUS = 45;
const SLASH = 47;
const STAR = 42;
const HASH = 35;
const BANG = 33;
const PLUS = 43;
const isDigit = (c: number) => c >= 48 && c <= 57;
const isAsciiLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const isHigh = (c: number) => c >= 0x80;
/** MySQL's identifier characters: letters, digits, `_`, `$`, any byte >= 0x80. */
const mysqlIdChar = (c: number) =>
  isAsciiLetter(c) || isDigit(c) || c === 95 || c === 36 || isHigh(c);
/** my_isspace for the server's ASCII-compatible charsets: TAB, LF, VT, FF, CR, space. */
const mysqlIsspace = (c: number) => c === SPACE || (c >= TAB && c <= CR);

export interface MysqlScanOptions {
  /** Backslash escapes in '...' (off under sql_mode NO_BACKSLASH_ESCAPES). */
  backslashEscapes: boolean;
  /** Backslash escapes in "..." (a string by default; a name, without escapes, under ANSI_QUOTES). */
  doubleQuoteEscapes: boolean;
}

// MySQL / MariaDB (sql_lex.cc, lex_one_token). Notes that matter for boundaries:
// - `#` runs to LF or the end; `--` is a comment only when followed by whitespace or a
//   control character (or the end), and then runs to LF.
// - `/*` runs to the first `*/`, no nesting; unterminated is an error. `/*!`, `/*M!` and
//   `/*+` are not comments at all: the server runs (or obeys) their content, so they are
//   recorded as executable comments and refused.
// - '...' and "..." double their quote and, unless NO_BACKSLASH_ESCAPES, take `\x`
//   escapes; `...` doubles its backtick and has no escapes; x'...' and b'...' end at the
//   next quote.
export function scanMysql(s: string, options: MysqlScanOptions, out: Splitter): void {
  const n = s.length;
  let i = 0;
  while (i < n) {
    const c = s.charCodeAt(i);
    if (mysqlIsspace(c)) {
      i++;
      continue;
    }
    const next = i + 1 < n ? s.charCodeAt(i + 1) : -1;
    const afterDashes = i + 2 < n ? s.charCodeAt(i + 2) : 0;
    if (
      c === HASH ||
      (c === MINUS && next === MINUS && (afterDashes <= SPACE || afterDashes === 127))
    ) {
      i = out.span(
        i,
        lineEnd(s, i + 1, (ch) => ch === LF),
      );
      continue;
    }
    if (c === SLASH && next === STAR) {
      const third = i + 2 < n ? s.charCodeAt(i + 2) : -1;
      const fourth = i + 3 < n ? s.charCodeAt(i + 3) : -1;
      if (
        third === BANG ||
        third === PLUS ||
        ((third === 77 || third === 109) && fourth === BANG)
      ) {
        out.executable(i);
      }
      const close = s.indexOf('*/', i + 2);
      if (close < 0) out.fail(i, 'unterminated /* comment');
      i = out.span(i, close < 0 ? n : close + 2);
      continue;
    }
    if (c === SEMI) {
      out.semicolon(i);
      i++;
      continue;
    }
    out.token(i);
    if (c === QUOTE || c === DQUOTE) {
      const escapes = c === QUOTE ? options.backslashEscapes : options.doubleQuoteEscapes;
      i = out.span(i, escapes ? escapedQuoteEnd(s, i, c, out) : doubledQuoteEnd(s, i, c, out));
    } else if (c === BACKTICK) {
      i = out.span(i, doubledQuoteEnd(s, i, c, out));
    } else if ((c === 120 || c === 88 || c === 98 || c === 66) && next === QUOTE) {
      const close = s.indexOf("'", i + 2);
      if (close < 0) out.fail(i, 'unterminated hex or bit literal');
      i = out.span(i, close < 0 ? n : close + 1);
    } else if (mysqlIdChar(c)) {
      i++;
      while (i < n && mysqlIdChar(s.charCodeAt(i))) i++;
    } else {
      i++;
    }
  }
}

/** A string closed by `quote`, with a doubled quote or a backslash escaping a character. */
function escapedQuoteEnd(s: string, open: number, quote: number, out: Splitter): number {
  const n = s.length;
  let j = open + 1;
  while (j < n) {
    const c = s.charCodeAt(j);
    if (c === BACKSLASH) {
      out.backslashInPlainString = true;
      j += 2;
    } else if (c === quote) {
      if (j + 1 < n && s.charCodeAt(j + 1) === quote) j += 2;
      else return j + 1;
    } else j++;
  }
  out.fail(open, `unterminated string literal (${String.fromCharCode(quote)})`);
  return n;
}
