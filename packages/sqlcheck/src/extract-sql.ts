// Model output -> the SQL to check. Deterministic and documented, so that parse rates
// measure the model, not the post-processor:
//  1. If there are fenced code blocks (``` or ~~~), take the first one tagged sql (or
//     postgres/postgresql/sqlite/psql), else the first fenced block of any language.
//  2. Otherwise take the text from the first line that starts a statement (SELECT, WITH,
//     VALUES, an opening parenthesis, or a write/DDL keyword so L1/L3 still see it) to the
//     end, dropping any prose before it. A line that starts with a keyword in lower or
//     mixed case and ends with ':' or '.' is prose ("Select the top customers:").
//  3. Cut trailing prose: everything after the first top-level semicolon that is followed
//     by a line that does not start like SQL; semicolons inside strings, quoted identifiers
//     and comments do not count.
//  4. Trim whitespace and a single trailing semicolon.
// Nothing else is rewritten, so a model that emits two statements is still seen doing so.

const FENCE =
  /(^|\n)[ \t]*(```|~~~)[ \t]*([A-Za-z0-9_+-]*)[^\n]*\n([\s\S]*?)\n[ \t]*\2[ \t]*(?=\n|$)/g;
const SQL_TAGS = new Set(['sql', 'postgres', 'postgresql', 'psql', 'sqlite', 'pgsql', 'plpgsql']);
const KEYWORDS =
  'select|with|values|explain|insert|update|delete|drop|create|alter|pragma|attach|copy|set|begin|table';
const STATEMENT_START = new RegExp(`^[ \\t]*(\\(|(?:${KEYWORDS})\\b)[^\\n]*`, 'gim');
const UPPER_START = new RegExp(`^[ \\t]*(\\(|(?:${KEYWORDS.toUpperCase()})\\b)`);
const SQL_LINE =
  /^\s*(--|\/\*|\(|\)|select|with|values|from|where|join|union|intersect|except|order|group|having|limit|offset|insert|update|delete|drop|create|alter|pragma|attach|copy|set|begin|commit|vacuum|call)\b/i;

export function extractSql(modelOutput: string): string {
  const text = modelOutput.replace(/\r\n?/g, '\n');
  let body: string | undefined;
  let firstAny: string | undefined;
  for (const m of text.matchAll(FENCE)) {
    const tag = (m[3] ?? '').toLowerCase();
    const content = m[4] ?? '';
    if (SQL_TAGS.has(tag)) {
      body = content;
      break;
    }
    firstAny ??= content;
  }
  body ??= firstAny;
  if (body === undefined) {
    let startAt: number | undefined;
    for (const m of text.matchAll(STATEMENT_START)) {
      if (UPPER_START.test(m[0]) || !/[:.]\s*$/.test(m[0])) {
        startAt = m.index;
        break;
      }
    }
    body = startAt !== undefined ? text.slice(startAt) : text;
  }
  return stripTrailingSemicolon(cutTrailingProse(body).trim());
}

/** Cut at the first top-level `;` after which the next non-blank line is not SQL. */
function cutTrailingProse(sql: string): string {
  let i = 0;
  while (i < sql.length) {
    const c = sql[i]!;
    if (c === "'" || c === '"' || c === '`') {
      const close = sql.indexOf(c, i + 1);
      if (close < 0) return sql;
      i = close + 1;
      // doubled quote ('it''s') is handled by re-entering at the next quote char
      continue;
    }
    if (c === '[') {
      const close = sql.indexOf(']', i + 1);
      i = close < 0 ? sql.length : close + 1;
      continue;
    }
    if (c === '-' && sql[i + 1] === '-') {
      const nl = sql.indexOf('\n', i);
      i = nl < 0 ? sql.length : nl + 1;
      continue;
    }
    if (c === '/' && sql[i + 1] === '*') {
      const close = sql.indexOf('*/', i + 2);
      i = close < 0 ? sql.length : close + 2;
      continue;
    }
    if (c === ';') {
      const rest = sql.slice(i + 1);
      if (rest.trim() === '' || SQL_LINE.test(rest.replace(/^\s*\n/, ''))) {
        i++;
        continue;
      }
      return sql.slice(0, i + 1);
    }
    // Prose after the statement without a semicolon: a blank line then a non-SQL line.
    if (c === '\n' && sql[i + 1] === '\n') {
      const rest = sql.slice(i).replace(/^\s+/, '');
      if (rest !== '' && !SQL_LINE.test(rest)) return sql.slice(0, i);
    }
    i++;
  }
  return sql;
}

function stripTrailingSemicolon(sql: string): string {
  return sql.endsWith(';') ? sql.slice(0, -1).trimEnd() : sql;
}
