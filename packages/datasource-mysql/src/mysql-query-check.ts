import { checkSingleQuery, type SingleQueryCheck, sqlTokens } from '@nl2sql/datasource';

/**
 * Words a MySQL or MariaDB statement can start with. A first word outside this list is a
 * SYNTAX error without asking the server; one inside it that is not a query is refused as
 * READ_ONLY_VIOLATION.
 */
const MYSQL_STATEMENTS = new Set(
  (
    'ALTER ANALYZE BACKUP BEGIN BINLOG CACHE CALL CHANGE CHECK CHECKSUM COMMIT CREATE DEALLOCATE ' +
    'DELETE DESC DESCRIBE DO DROP EXECUTE EXPLAIN FLUSH GET GRANT HANDLER HELP INSERT INSTALL ' +
    'KILL LOAD LOCK OPTIMIZE PREPARE PURGE RELEASE RENAME REPAIR REPLACE RESET RESIGNAL REVOKE ' +
    'ROLLBACK SAVEPOINT SET SHOW SHUTDOWN SIGNAL START STOP TABLE TRUNCATE UNINSTALL UNLOCK ' +
    'UPDATE USE VALUES WITH XA SELECT'
  ).split(' '),
);

/** What the gate decided, with the masked text's facts the query runner needs. */
export type MysqlQueryCheck = SingleQueryCheck & {
  /** The query names GET_LOCK: a session lock a rollback keeps, released after the query. */
  takesLocks?: boolean;
};

/** `--` opens a comment only before whitespace, a control character or the end of the text. */
function dashCommentFollows(next: string | undefined): boolean {
  return next === undefined || next.charCodeAt(0) <= 32 || /\s/.test(next);
}

function refuse(
  code: 'SYNTAX' | 'READ_ONLY_VIOLATION',
  message: string,
  text: string,
): MysqlQueryCheck {
  return { ok: false, code, message, askDatabase: false, text };
}

/**
 * Blank MySQL's comments and reduce its strings and quoted names to empty quotes of the same
 * length, so the datasource's SQLite-minded scanner reads the statement's shape: `#` and
 * `-- ` (a space or control after the dashes) run to the end of the line, block comments do
 * not nest, strings take backslash escapes and doubled quotes, double quotes are strings
 * (the adapter's sessions clear ANSI_QUOTES and NO_BACKSLASH_ESCAPES, which this assumes)
 * and backticks quote names. Undefined, with the reason, for what it cannot vouch for: an
 * executable comment (`/*! ... *\/`, `/*M! ... *\/`), whose text the server runs, and a
 * string, name or comment left open.
 */
export function maskMysqlSql(sql: string): { masked: string } | { problem: string } {
  const out: string[] = [];
  let i = 0;
  const blank = (from: number, to: number) => {
    out.push(sql.slice(from, to).replace(/[^\n]/g, ' '));
  };
  while (i < sql.length) {
    const c = sql[i]!;
    const next = sql[i + 1] ?? '';
    if (c === '#' || (c === '-' && next === '-' && dashCommentFollows(sql[i + 2]))) {
      const nl = sql.indexOf('\n', i);
      const end = nl === -1 ? sql.length : nl;
      blank(i, end);
      i = end;
    } else if (c === '/' && next === '*') {
      if (sql[i + 2] === '!' || (sql[i + 2] === 'M' && sql[i + 3] === '!')) {
        return {
          problem: 'executable comments (/*! ... */) are not accepted: the server runs their text',
        };
      }
      const close = sql.indexOf('*/', i + 2);
      if (close === -1) return { problem: 'a comment is left open' };
      blank(i, close + 2);
      i = close + 2;
    } else if (c === "'" || c === '"' || c === '`') {
      let j = i + 1;
      let closed = false;
      while (j < sql.length) {
        const d = sql[j]!;
        if (d === '\\' && c !== '`') {
          j += 2;
          continue;
        }
        if (d === c) {
          if (sql[j + 1] === c) {
            j += 2;
            continue;
          }
          closed = true;
          break;
        }
        j += 1;
      }
      if (!closed)
        return { problem: c === '`' ? 'a quoted name is left open' : 'a string is left open' };
      // Names become "" and strings '' (the datasource's scanner knows both), padded to length.
      const quote = c === '`' ? '"' : "'";
      out.push(`${quote}${' '.repeat(j - i - 1)}${quote}`);
      i = j + 1;
    } else if (c === '[' || c === ']') {
      // Not MySQL syntax; the SQLite scanner would read [ as a quoted name and hide what follows.
      out.push(' ');
      i += 1;
    } else {
      out.push(c);
      i += 1;
    }
  }
  return { masked: out.join('') };
}

/**
 * The adapter's gate: exactly one statement, and that a query (SELECT, VALUES, WITH ...
 * SELECT, or one in parentheses), with no `INTO` (files, dump files and variables are
 * writes). The static sqlcheck is a separate layer; the server's grants and read-only
 * transaction are the wall.
 */
export function checkMysqlQuery(sql: string): MysqlQueryCheck {
  const mask = maskMysqlSql(sql);
  if ('problem' in mask) return refuse('SYNTAX', mask.problem, sql.trim());
  const tokens = sqlTokens(mask.masked);
  // (SELECT ...) UNION (SELECT ...) is a query too: leading parentheses are read as blanks.
  const first = tokens.find((t) => t.text !== '(');
  const shape = first ? ' '.repeat(first.start) + mask.masked.slice(first.start) : mask.masked;
  const check = checkSingleQuery(shape);
  if (!check.ok) {
    const word = first?.kind === 'word' ? first.text.toUpperCase() : '';
    if (check.code === 'READ_ONLY_VIOLATION' && word && !MYSQL_STATEMENTS.has(word)) {
      return refuse('SYNTAX', `no MySQL statement starts with ${first!.text}`, sql.trim());
    }
    return { ...check, askDatabase: false, text: sql.trim() };
  }
  const words = tokens.filter((t) => t.kind === 'word').map((t) => t.text.toUpperCase());
  if (words.includes('INTO')) {
    return refuse(
      'READ_ONLY_VIOLATION',
      'SELECT ... INTO writes a file or a variable; only queries that return rows may run',
      sql.trim(),
    );
  }
  // The one statement without the comments and semicolons around it (same offsets as masked).
  const body = tokens.filter((t) => t.text !== ';');
  return {
    ok: true,
    text: sql.slice(body[0]!.start, body[body.length - 1]!.end),
    takesLocks: words.includes('GET_LOCK'),
  };
}
