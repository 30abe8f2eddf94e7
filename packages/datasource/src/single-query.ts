import { type SqlToken, sqlTokens } from './sql-tokens.js';

/** What the adapter's static gate decided about a piece of SQL. */
export type SingleQueryCheck =
  | {
      ok: true /** The one statement, without surrounding comments, whitespace and semicolons. */;
      text: string;
    }
  | {
      ok: false;
      code: 'READ_ONLY_VIOLATION' | 'SYNTAX';
      message: string;
      /** The gate could not read the statement's shape: let the database name the syntax error. */
      askDatabase: boolean;
      text: string;
    };

const QUERY_KEYWORDS = new Set(['SELECT', 'VALUES']);
/** Every other statement SQLite accepts: refused without asking the database. */
const STATEMENT_KEYWORDS = new Set(
  (
    'ALTER ANALYZE ATTACH BEGIN COMMIT CREATE DELETE DETACH DROP END EXPLAIN INSERT PRAGMA ' +
    'REINDEX RELEASE REPLACE ROLLBACK SAVEPOINT UPDATE VACUUM'
  ).split(' '),
);

function upper(token: SqlToken | undefined): string {
  return token?.kind === 'word' ? token.text.toUpperCase() : '';
}

/** Index just past the parenthesised group opening at `i`, or -1 when it never closes. */
function skipGroup(tokens: SqlToken[], i: number): number {
  let depth = 0;
  for (let j = i; j < tokens.length; j += 1) {
    const text = tokens[j]!.kind === 'other' ? tokens[j]!.text : '';
    if (text === '(') depth += 1;
    else if (text === ')') {
      depth -= 1;
      if (depth === 0) return j + 1;
    }
  }
  return -1;
}

/**
 * The keyword that decides what a statement does: its first word, or for
 * `WITH [RECURSIVE] name [(cols)] AS [NOT] [MATERIALIZED] (...), ...` the word after the
 * common table expressions (SQLite allows WITH before INSERT, UPDATE and DELETE).
 * Undefined when the statement's shape cannot be read (no leading keyword, odd WITH clause).
 */
function mainKeyword(tokens: SqlToken[]): string | undefined {
  const first = upper(tokens[0]);
  if (first !== 'WITH') return first || undefined;
  let i = 1;
  if (upper(tokens[i]) === 'RECURSIVE') i += 1;
  for (;;) {
    const name = tokens[i];
    if (!name || name.kind === 'other') return undefined;
    i += 1;
    if (tokens[i]?.text === '(') {
      i = skipGroup(tokens, i);
      if (i < 0) return undefined;
    }
    if (upper(tokens[i]) !== 'AS') return undefined;
    i += 1;
    if (upper(tokens[i]) === 'NOT') i += 1;
    if (upper(tokens[i]) === 'MATERIALIZED') i += 1;
    if (tokens[i]?.text !== '(') return undefined;
    i = skipGroup(tokens, i);
    if (i < 0) return undefined;
    if (tokens[i]?.text === ',') {
      i += 1;
      continue;
    }
    return upper(tokens[i]) || undefined;
  }
}

/** Split tokens into statements at semicolons, dropping empty statements (`;;`). */
function statements(tokens: SqlToken[]): SqlToken[][] {
  const out: SqlToken[][] = [[]];
  for (const token of tokens) {
    if (token.kind === 'other' && token.text === ';') out.push([]);
    else out[out.length - 1]!.push(token);
  }
  return out.filter((s) => s.length > 0);
}

/**
 * The adapter's static gate: exactly one statement, and that statement a query (SELECT,
 * VALUES, or WITH ... SELECT). A trailing semicolon, whitespace or comments are not a second
 * statement; a semicolon inside a string, quoted name or comment is not a separator.
 */
export function checkSingleQuery(sql: string): SingleQueryCheck {
  const parts = statements(sqlTokens(sql));
  if (parts.length === 0) {
    return {
      ok: false,
      code: 'SYNTAX',
      message: 'the SQL holds no statement',
      askDatabase: false,
      text: '',
    };
  }
  const texts = parts.map((p) => sql.slice(p[0]!.start, p[p.length - 1]!.end));
  for (const [index, part] of parts.entries()) {
    const keyword = mainKeyword(part);
    if (keyword === undefined) {
      return {
        ok: false,
        code: 'READ_ONLY_VIOLATION',
        message: `only queries (SELECT, VALUES, WITH ... SELECT) may run; statement ${index + 1} does not start like one`,
        askDatabase: true,
        text: texts[index]!,
      };
    }
    if (!QUERY_KEYWORDS.has(keyword) && !STATEMENT_KEYWORDS.has(keyword)) {
      // Not a statement SQLite knows (a typo such as SELEC): let the database name the error.
      return {
        ok: false,
        code: 'READ_ONLY_VIOLATION',
        message: `only queries (SELECT, VALUES, WITH ... SELECT) may run; statement ${index + 1} starts with ${keyword}`,
        askDatabase: true,
        text: texts[index]!,
      };
    }
    if (!QUERY_KEYWORDS.has(keyword)) {
      return {
        ok: false,
        code: 'READ_ONLY_VIOLATION',
        message: `only queries (SELECT, VALUES, WITH ... SELECT) may run; statement ${index + 1} is ${keyword}`,
        askDatabase: false,
        text: texts[index]!,
      };
    }
  }
  if (parts.length > 1) {
    return {
      ok: false,
      code: 'SYNTAX',
      message: `expected exactly one statement, found ${parts.length}; the second starts at offset ${parts[1]![0]!.start}`,
      askDatabase: false,
      text: texts[0]!,
    };
  }
  return { ok: true, text: texts[0]! };
}
