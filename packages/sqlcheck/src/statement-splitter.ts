// What both servers' scanners share: statement bookkeeping (a statement starts at its first
// token and ends at `;`; quoted spans and the first lexical error are recorded) and the two
// ends every dialect finds the same way: a quote doubled to escape it, a line comment's end.
import type { LexicalProblem, StatementScan } from './statement-scan.js';

const QUOTE = 39; // '

/** Shared bookkeeping: statements start at their first token and end at `;`. */
export class Splitter {
  readonly starts: number[] = [];
  emptyStatementAt: number | undefined;
  lexicalError: LexicalProblem | undefined;
  backslashInPlainString = false;
  executableCommentAt: number | undefined;
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

  /** MySQL: a `/*!`, `/*M!` or `/*+` comment whose content the server runs or obeys. */
  executable(at: number): void {
    this.executableCommentAt ??= at;
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
      ...(this.executableCommentAt !== undefined
        ? { executableCommentAt: this.executableCommentAt }
        : {}),
      backslashInPlainString: this.backslashInPlainString,
      spans: this.spans,
    };
  }
}

/** A quoted name or string closed by `quote`, with a doubled quote standing for one. */
export function doubledQuoteEnd(s: string, open: number, quote: number, out: Splitter): number {
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
export function lineEnd(s: string, from: number, ends: (c: number) => boolean): number {
  const n = s.length;
  let j = from;
  while (j < n && !ends(s.charCodeAt(j))) j++;
  return j;
}
