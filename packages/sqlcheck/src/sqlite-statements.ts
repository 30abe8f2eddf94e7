// SQLite's statement boundaries, following its tokenizer (tokenize.c) only as far as they
// need: whitespace, comments, literals, quoted names, variables and semicolons.
import { doubledQuoteEnd, lineEnd, type Splitter } from './statement-splitter.js';

// Character codes and classes are local to each scanner on purpose: its loop reads them for
// every character, and a binding imported from another module costs several times more there.
const TAB = 9;
const LF = 10;
const FF = 12;
const CR = 13;
const SPACE = 32;
const QUOTE = 39; // '
const DQUOTE = 34; // "
const BACKTICK = 96;
const DOLLAR = 36;
const SEMI = 59;
const MINUS = 45;
const SLASH = 47;
const STAR = 42;
const LBRACKET = 91;
const LPAREN = 40;
const RPAREN = 41;
const COLON = 58;
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
export function scanSqlite(s: string, out: Splitter): void {
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
