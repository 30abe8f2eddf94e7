// PostgreSQL's statement boundaries, following its lexer (scan.l) only as far as they
// need: whitespace, nested comments, the string forms and their escapes, dollar quotes,
// quoted names and semicolons.
import { doubledQuoteEnd, lineEnd, type Splitter } from './statement-splitter.js';

// Character codes and classes are local to each scanner on purpose: its loop reads them for
// every character, and a binding imported from another module costs several times more there.
const TAB = 9;
const LF = 10;
const CR = 13;
const SPACE = 32;
const QUOTE = 39; // '
const DQUOTE = 34; // "
const BACKSLASH = 92;
const DOLLAR = 36;
const SEMI = 59;
const MINUS = 45;
const SLASH = 47;
const STAR = 42;
const AMP = 38;
const isDigit = (c: number) => c >= 48 && c <= 57;
const isAsciiLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
/** Both servers read UTF-8 bytes; every byte of a non-ASCII character is >= 0x80. */
const isHigh = (c: number) => c >= 0x80;

/** PostgreSQL's {space}: [ \t\n\r\f\v]. */
const pgSpace = (c: number) => c === SPACE || (c >= TAB && c <= CR);
const pgNewline = (c: number) => c === LF || c === CR;
const pgIdentStart = (c: number) => isAsciiLetter(c) || c === 95 || isHigh(c);
const pgIdentCont = (c: number) => pgIdentStart(c) || isDigit(c) || c === DOLLAR;

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
export function scanPostgres(s: string, standardConformingStrings: boolean, out: Splitter): void {
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
