import { checkSingleQuery, type SingleQueryCheck } from '@nl2sql/datasource';
import { type PostgresToken, postgresTokens } from './postgres-tokens.js';

/**
 * Every keyword a PostgreSQL statement can start with (the `stmt` rule of gram.y, PostgreSQL
 * 12 to 18), besides the queries. A statement that starts with one of them is refused without
 * asking the server; one that starts with anything else cannot parse.
 */
const STATEMENT_KEYWORDS = new Set(
  (
    'ABORT ALTER ANALYSE ANALYZE BEGIN CALL CHECKPOINT CLOSE CLUSTER COMMENT COMMIT COPY CREATE ' +
    'DEALLOCATE DECLARE DELETE DISCARD DO DROP END EXECUTE EXPLAIN FETCH GRANT IMPORT INSERT ' +
    'LISTEN LOAD LOCK MERGE MOVE NOTIFY PREPARE REASSIGN REFRESH REINDEX RELEASE RESET REVOKE ' +
    'ROLLBACK SAVEPOINT SECURITY SET SHOW START TABLE TRUNCATE UNLISTEN UPDATE VACUUM'
  ).split(' '),
);

/** Characters JavaScript's `\s` matches but PostgreSQL does not treat as whitespace. */
const NOT_POSTGRES_SPACE = /[\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]/g;

function blank(length: number): string {
  return ' '.repeat(length);
}

function quotedBlank(quote: string, length: number): string {
  return length >= 2 ? `${quote}${blank(length - 2)}${quote}` : blank(length);
}

/**
 * The SQL with every PostgreSQL comment blanked and every string or quoted name reduced to
 * empty quotes of the same length, so a tokenizer that knows only SQLite's rules finds the same
 * statements and keywords at the same offsets. Characters SQLite reads as quotes but
 * PostgreSQL does not (`[`, `]`, backtick) become `~`; Unicode spaces that PostgreSQL reads
 * as part of a name become `x`. A statement's leading parentheses (`(SELECT 1) UNION ...`,
 * which PostgreSQL allows only around a query) are blanked so the first word decides.
 */
export function maskPostgresSql(sql: string, tokens = postgresTokens(sql)): string {
  const text = sql.replace(NOT_POSTGRES_SPACE, 'x');
  let out = '';
  let at = 0;
  let statementStart = true;
  for (const token of tokens) {
    const length = token.end - token.start;
    let replacement: string | undefined;
    if (token.kind === 'comment') replacement = blank(length);
    else if (token.kind === 'string') replacement = quotedBlank("'", length);
    else if (token.kind === 'quoted') replacement = quotedBlank('"', length);
    else if (token.text === '[' || token.text === ']' || token.text === '`') replacement = '~';
    else if (token.text === '(' && statementStart) replacement = ' ';
    if (replacement !== undefined) {
      out += text.slice(at, token.start) + replacement;
      at = token.end;
    }
    if (token.kind !== 'comment') {
      statementStart = token.text === ';' || (statementStart && token.text === '(');
    }
  }
  return out + text.slice(at);
}

function firstWord(text: string): string {
  return /^[A-Za-z_]+/.exec(text.trimStart())?.[0]?.toUpperCase() ?? '';
}

/** Offsets of the statement: from its first token to its last, without comments or `;`. */
function statementSpan(tokens: PostgresToken[]): [number, number] {
  const kept = tokens.filter((t) => t.kind !== 'comment' && t.text !== ';');
  return kept.length === 0 ? [0, 0] : [kept[0]!.start, kept[kept.length - 1]!.end];
}

/**
 * The adapter's gate for PostgreSQL: exactly one statement, and that statement a query
 * (`SELECT`, `VALUES`, `WITH ... SELECT`, or one of these in parentheses). It runs the
 * datasource's single-statement check on {@link maskPostgresSql}'s masked text, so a
 * semicolon hidden in a dollar-quoted string, a nested comment or an `E'\''` string is not
 * a separator, and one after a `--` comment ended by a carriage return is. A string, name or
 * comment left open is a syntax error (the server would say so too). A statement that
 * starts with a word no PostgreSQL statement starts with is a syntax error; it is not sent,
 * because the gate cannot prove the server would not run it.
 */
export function checkPostgresQuery(sql: string): SingleQueryCheck {
  const tokens = postgresTokens(sql);
  const open = tokens.find((t) => t.unterminated);
  if (open) {
    const what = { string: 'string', quoted: 'quoted name', comment: 'block comment' }[
      open.kind as 'string' | 'quoted' | 'comment'
    ];
    return {
      ok: false,
      code: 'SYNTAX',
      message: `syntax error: the ${what} starting at offset ${open.start} is never closed`,
      askDatabase: false,
      text: sql.slice(open.start),
    };
  }
  const masked = maskPostgresSql(sql, tokens);
  const check = checkSingleQuery(masked);
  if (check.ok) {
    const [start, end] = statementSpan(tokens);
    return { ok: true, text: sql.slice(start, end) };
  }
  const at = masked.indexOf(check.text);
  const text = at >= 0 ? sql.slice(at, at + check.text.length) : check.text;
  if (!check.askDatabase) return { ...check, text };
  const keyword = firstWord(check.text);
  if (keyword === 'WITH' || STATEMENT_KEYWORDS.has(keyword)) {
    return {
      ok: false,
      code: 'READ_ONLY_VIOLATION',
      message:
        keyword === 'WITH'
          ? 'only queries (SELECT, VALUES, WITH ... SELECT) may run; a WITH clause could not be read as one'
          : `only queries (SELECT, VALUES, WITH ... SELECT) may run; a statement starts with ${keyword}`,
      askDatabase: false,
      text,
    };
  }
  return {
    ok: false,
    code: 'SYNTAX',
    message: keyword
      ? `syntax error: no PostgreSQL statement starts with ${keyword}`
      : 'syntax error: a statement does not start with a keyword',
    askDatabase: false,
    text,
  };
}
