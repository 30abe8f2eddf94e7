/** A lexical token of SQLite SQL; comments and whitespace are skipped. */
export interface SqlToken {
  kind: 'word' | 'quoted' | 'string' | 'other';
  /** The token's text as written. */
  text: string;
  start: number;
  end: number;
}

const WORD_START = /[A-Za-z_\u0080-\uffff]/;
const WORD_PART = /[A-Za-z0-9_$\u0080-\uffff]/;

/** End offset of a quoted run opened at `start` and closed by `close`, where a doubled close escapes. */
function quotedEnd(sql: string, start: number, close: string, doubling: boolean): number {
  let i = start + 1;
  while (i < sql.length) {
    if (sql[i] === close) {
      if (doubling && sql[i + 1] === close) {
        i += 2;
        continue;
      }
      return i + 1;
    }
    i += 1;
  }
  // Unterminated: the rest is the token; SQLite will report it when it prepares the text.
  return sql.length;
}

/**
 * Split SQLite SQL into tokens the way SQLite's tokenizer would for the purposes of finding
 * statement boundaries and keywords: semicolons inside strings, quoted identifiers and
 * comments are not separators.
 */
export function sqlTokens(sql: string): SqlToken[] {
  const tokens: SqlToken[] = [];
  let i = 0;
  while (i < sql.length) {
    const c = sql[i]!;
    if (/\s/.test(c)) {
      i += 1;
    } else if (c === '-' && sql[i + 1] === '-') {
      const nl = sql.indexOf('\n', i + 2);
      i = nl === -1 ? sql.length : nl + 1;
    } else if (c === '/' && sql[i + 1] === '*') {
      const close = sql.indexOf('*/', i + 2);
      i = close === -1 ? sql.length : close + 2;
    } else if (c === "'") {
      const end = quotedEnd(sql, i, "'", true);
      tokens.push({ kind: 'string', text: sql.slice(i, end), start: i, end });
      i = end;
    } else if (c === '"' || c === '`' || c === '[') {
      const end = quotedEnd(sql, i, c === '[' ? ']' : c, c !== '[');
      tokens.push({ kind: 'quoted', text: sql.slice(i, end), start: i, end });
      i = end;
    } else if (WORD_START.test(c)) {
      let end = i + 1;
      while (end < sql.length && WORD_PART.test(sql[end]!)) end += 1;
      tokens.push({ kind: 'word', text: sql.slice(i, end), start: i, end });
      i = end;
    } else {
      tokens.push({ kind: 'other', text: c, start: i, end: i + 1 });
      i += 1;
    }
  }
  return tokens;
}
