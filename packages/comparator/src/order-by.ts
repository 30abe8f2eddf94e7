/**
 * Does a query's final result have an ORDER BY? Only a top-level one counts: an ORDER BY
 * inside a window (OVER (...)), a subquery or a CTE body does not order the result.
 * A small scanner, not a parser: it skips string literals, quoted identifiers, comments
 * and dollar-quoted bodies, and tracks parenthesis depth.
 */
export function hasTopLevelOrderBy(sql: string): boolean {
  const s = String(sql);
  const n = s.length;
  let depth = 0;
  let i = 0;
  let pendingOrder = false; // saw ORDER at depth 0; waiting for BY
  while (i < n) {
    const ch = s[i]!;
    if (ch === "'" || ch === '"' || ch === '`') {
      i = skipQuoted(s, i, ch);
      pendingOrder = false;
      continue;
    }
    if (ch === '[') {
      const end = s.indexOf(']', i + 1);
      i = end === -1 ? n : end + 1;
      pendingOrder = false;
      continue;
    }
    if (ch === '-' && s[i + 1] === '-') {
      const end = s.indexOf('\n', i + 2);
      i = end === -1 ? n : end + 1;
      continue; // a comment separates words like whitespace
    }
    if (ch === '/' && s[i + 1] === '*') {
      const end = s.indexOf('*/', i + 2);
      i = end === -1 ? n : end + 2;
      continue;
    }
    if (ch === '$') {
      const m = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(s.slice(i, i + 64));
      if (m) {
        const end = s.indexOf(m[0], i + m[0].length);
        i = end === -1 ? n : end + m[0].length;
        pendingOrder = false;
        continue;
      }
    }
    if (ch === '(') {
      depth++;
      pendingOrder = false;
      i++;
      continue;
    }
    if (ch === ')') {
      depth = Math.max(0, depth - 1);
      pendingOrder = false;
      i++;
      continue;
    }
    if (isWordStart(ch)) {
      let j = i + 1;
      while (j < n && isWordPart(s[j]!)) j++;
      const word = s.slice(i, j).toUpperCase();
      if (depth === 0) {
        if (pendingOrder && word === 'BY') return true;
        pendingOrder = word === 'ORDER';
      } else {
        pendingOrder = false;
      }
      i = j;
      continue;
    }
    if (!/\s/.test(ch)) pendingOrder = false;
    i++;
  }
  return false;
}

function skipQuoted(s: string, start: number, quote: string): number {
  let i = start + 1;
  while (i < s.length) {
    if (s[i] === quote) {
      if (s[i + 1] === quote) {
        i += 2; // doubled quote is an escaped quote
        continue;
      }
      return i + 1;
    }
    i++;
  }
  return s.length;
}

function isWordStart(ch: string): boolean {
  return /[A-Za-z_]/.test(ch);
}

function isWordPart(ch: string): boolean {
  return /[A-Za-z0-9_$]/.test(ch);
}
