// MySQL's and DuckDB's own ways to reach files, extensions and session state, each refused
// with a rule that names it. Most of them the parser cannot read at all (`INTO OUTFILE`,
// `LOAD DATA`, `HANDLER`, DuckDB's `LOAD` and `EXPORT DATABASE`), so they would already fail
// as `unparseable`; this pass reads the words the server would read (outside literals and
// comments, as its tokenizer splits them) so the verdict says why. It only adds violations:
// a text it does not recognise is still judged by the parse and the allow-lists.
import type { SqlDialect } from './dialect.js';
import type { JsonObject } from './node.js';
import { toIdent } from './node.js';
import { scanStatements } from './statement-scan.js';
import type { Violation } from './verdict.js';

interface WordRule {
  pattern: RegExp;
  /** Only at the first token of a statement. */
  leading?: boolean;
  rule: string;
  message: string;
}

const MYSQL_WORDS: readonly WordRule[] = [
  {
    pattern: /^INTO\s+(OUTFILE|DUMPFILE)\b/i,
    rule: 'file-access',
    message: 'SELECT ... INTO OUTFILE/DUMPFILE writes a file on the database server',
  },
  {
    pattern: /^LOAD\s+(DATA|XML)\b/i,
    rule: 'file-access',
    message: 'LOAD DATA / LOAD XML reads a file into a table',
  },
  {
    pattern: /^INTO\s+@/i,
    rule: 'session-state',
    message: 'SELECT ... INTO @variable assigns session variables',
  },
  {
    pattern: /^SET\b/i,
    leading: true,
    rule: 'session-state',
    message: 'SET changes session or server state (SET STATEMENT ... FOR included)',
  },
  {
    pattern: /^HANDLER\b/i,
    leading: true,
    rule: 'blocked-statement',
    message: 'HANDLER reads a table row by row outside a query (and keeps it open)',
  },
  {
    pattern: /^(UN)?LOCK\s+TABLES?\b/i,
    leading: true,
    rule: 'row-lock',
    message: 'LOCK TABLES / UNLOCK TABLES takes or drops table locks for the session',
  },
  {
    pattern: /^DO\b/i,
    leading: true,
    rule: 'blocked-statement',
    message: 'DO evaluates expressions for their side effects',
  },
];

const DUCKDB_WORDS: readonly WordRule[] = [
  {
    pattern: /^((FORCE\s+)?INSTALL|LOAD)\b/i,
    leading: true,
    rule: 'extension',
    message: 'INSTALL / LOAD installs or loads an extension',
  },
  {
    pattern: /^(EXPORT|IMPORT)\s+DATABASE\b/i,
    leading: true,
    rule: 'copy',
    message: 'EXPORT / IMPORT DATABASE writes or reads a directory of files',
  },
  {
    pattern: /^COPY\b/i,
    leading: true,
    rule: 'copy',
    message: 'COPY reads or writes files',
  },
];

/** @internal Named refusals for the dialect's file, extension and session constructs. */
export function dialectWordViolations(sql: string, dialect: SqlDialect): Violation[] {
  const rules = dialect === 'mysql' ? MYSQL_WORDS : dialect === 'duckdb' ? DUCKDB_WORDS : [];
  if (rules.length === 0) return [];
  const scan = scanStatements(sql, dialect);
  // Literals and comments blanked out, so a word inside a string is not read.
  let text = '';
  let at = 0;
  for (let i = 0; i < scan.spans.length; i += 2) {
    const [start, end] = [scan.spans[i]!, scan.spans[i + 1]!];
    text += `${sql.slice(at, start)}${' '.repeat(end - start)}`;
    at = end;
  }
  text += sql.slice(at);
  const starts = new Set(scan.starts);
  const out: Violation[] = [];
  const seen = new Set<WordRule>();
  for (const word of text.matchAll(/[A-Za-z_]+/g)) {
    const index = word.index;
    if (index > 0 && /[A-Za-z0-9_$@]/.test(text[index - 1]!)) continue;
    const rest = text.slice(index, index + 40);
    for (const r of rules) {
      if (seen.has(r) || (r.leading && !starts.has(index)) || !r.pattern.test(rest)) continue;
      seen.add(r);
      out.push({ rule: r.rule, message: r.message });
    }
  }
  return out;
}

// DuckDB reads a file or URL for a table name it does not know that looks like a path
// (a "replacement scan": FROM 'data.csv', FROM "s3://b/x.parquet").
const PATH_LIKE = /[./\\:*?~]/;

/** @internal A node the dialect refuses by what it names, or undefined. */
export function dialectNodeViolation(
  kind: string,
  body: JsonObject,
  dialect: SqlDialect,
): Violation | undefined {
  if (dialect === 'duckdb' && kind === 'table') {
    const name = toIdent(body.name)?.name;
    if (name !== undefined && PATH_LIKE.test(name)) {
      return {
        rule: 'file-access',
        message: `table name ${JSON.stringify(name)} looks like a path or URL, which DuckDB would read as a file`,
      };
    }
  }
  if (dialect === 'mysql') {
    if (kind === 'parameter' && (body.style === 'DoubleAt' || body.style === 'At')) {
      return {
        rule: 'session-state',
        message: `@${body.style === 'DoubleAt' ? '@' : ''}${String(body.name)} reads a server or session variable`,
      };
    }
    if (kind === 'column') {
      const name = toIdent(body.name)?.name;
      if (name?.startsWith('@')) {
        return { rule: 'session-state', message: `${name} reads a session variable` };
      }
    }
  }
  return undefined;
}
