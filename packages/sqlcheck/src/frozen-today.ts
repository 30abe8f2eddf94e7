// Dates frozen per case (spec 001 §12): a case's `as_of_date` is the day "today" means. The
// rule for SQL: every string literal 'now' (SQLite's time value for the current moment, in
// date('now'), datetime('now', '-1 month'), strftime('%Y', 'now')) is replaced by the date,
// so regenerate's gold rows and the reference engine's answer are the same on any day. Only
// whole literals are replaced: 'now' inside a longer string, an identifier or a comment is
// left alone (decisions/as-of-date-rule.md).

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** `sql` with each 'now' literal replaced by `asOfDate` (YYYY-MM-DD); unchanged without a date. */
export function frozenToday(sql: string, asOfDate: string | undefined | null): string {
  if (asOfDate === undefined || asOfDate === null) return sql;
  if (!DATE.test(asOfDate)) throw new RangeError(`as_of_date must be YYYY-MM-DD, got ${asOfDate}`);
  let out = '';
  let i = 0;
  while (i < sql.length) {
    const ch = sql[i] as string;
    const next = sql[i + 1];
    let end: number;
    if (ch === "'") end = quotedEnd(sql, i, "'");
    else if (ch === '"' || ch === '`') end = quotedEnd(sql, i, ch);
    else if (ch === '[') end = indexOrEnd(sql, ']', i + 1) + 1;
    else if (ch === '-' && next === '-') end = indexOrEnd(sql, '\n', i);
    else if (ch === '/' && next === '*') end = indexOrEnd(sql, '*/', i + 2) + 2;
    else {
      out += ch;
      i++;
      continue;
    }
    const token = sql.slice(i, Math.min(end, sql.length));
    out += ch === "'" && token.toLowerCase() === "'now'" ? `'${asOfDate}'` : token;
    i = end;
  }
  return out;
}

/** The index after a quoted token opened at `start` (a doubled quote escapes one). */
function quotedEnd(sql: string, start: number, quote: string): number {
  let i = start + 1;
  while (i < sql.length) {
    if (sql[i] === quote) {
      if (sql[i + 1] === quote) i += 2;
      else return i + 1;
    } else i++;
  }
  return sql.length;
}

function indexOrEnd(sql: string, what: string, from: number): number {
  const at = sql.indexOf(what, from);
  return at < 0 ? sql.length : at;
}
