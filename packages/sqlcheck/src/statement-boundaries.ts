// L3's own statement count. The parser decides what the checks look at; the server
// decides what runs. When they disagree on where the text splits into statements, the
// checks may have vetted a different query from the one that would run, so the safety
// check fails closed: exactly one statement as the server reads it, the same count as
// the parser's, and nothing after it but whitespace and comments.
import type { SqlDialect } from './dialect.js';
import type { StatementScan } from './statement-scan.js';
import { lineColumn, SERVER_NAMES, scanStatements } from './statement-scan.js';
import type { Violation } from './verdict.js';

interface ServerReading {
  server: string;
  scan: StatementScan;
}

/**
 * Each way the server could read `sql`: PostgreSQL's depends on standard_conforming_strings,
 * MySQL's on sql_mode (NO_BACKSLASH_ESCAPES, ANSI_QUOTES).
 */
function serverReadings(sql: string, dialect: SqlDialect): ServerReading[] {
  if (dialect === 'sqlite' || dialect === 'duckdb') {
    return [{ server: SERVER_NAMES[dialect], scan: scanStatements(sql, dialect) }];
  }
  if (dialect === 'mysql') {
    const escapes = scanStatements(sql, 'mysql');
    const readings = [{ server: 'MySQL', scan: escapes }];
    if (escapes.backslashInPlainString) {
      readings.push(
        {
          server: 'MySQL with NO_BACKSLASH_ESCAPES',
          scan: scanStatements(sql, 'mysql', { backslashEscapes: false }),
        },
        {
          server: 'MySQL with ANSI_QUOTES',
          scan: scanStatements(sql, 'mysql', { doubleQuoteEscapes: false }),
        },
      );
    }
    return readings;
  }
  const on = scanStatements(sql, 'postgres', { standardConformingStrings: true });
  const readings = [{ server: 'PostgreSQL', scan: on }];
  if (on.backslashInPlainString) {
    readings.push({
      server: 'PostgreSQL with standard_conforming_strings off',
      scan: scanStatements(sql, 'postgres', { standardConformingStrings: false }),
    });
  }
  return readings;
}

/** @internal Violations when the server would not run exactly the one statement parsed. */
export function boundaryViolations(
  sql: string,
  dialect: SqlDialect,
  parsedStatements: number,
): Violation[] {
  const out: Violation[] = [];
  const where = (offset: number) => {
    const { line, column } = lineColumn(sql, offset);
    const excerpt = sql
      .slice(offset, offset + 30)
      .replace(/[\r\n\f\v\u2028\u2029]+/g, ' ')
      .trim();
    return `line ${line}, column ${column}${excerpt ? ` ("${excerpt}")` : ''}`;
  };
  const readings = serverReadings(sql, dialect);
  const [first] = readings;
  const other = readings.find((r) => r.scan.spans.join() !== first?.scan.spans.join());
  if (first && other) {
    // Same count is not enough: `'a\', ', pg_sleep(9), '` hides code in a literal for one
    // setting and exposes it for the other.
    const at = firstDifference(first.scan.spans, other.scan.spans);
    out.push({
      rule: 'ambiguous-literal',
      message:
        dialect === 'mysql'
          ? `a backslash in a quoted literal makes MySQL read the text differently with and without backslash escapes (sql_mode NO_BACKSLASH_ESCAPES, ANSI_QUOTES; from ${where(at)}); double the quote instead`
          : `a backslash before a quote in '...' makes PostgreSQL read the text differently with standard_conforming_strings on and off (from ${where(at)}); write E'...' or double the quote`,
    });
  }
  if (first?.scan.executableCommentAt !== undefined) {
    out.push({
      rule: 'executable-comment',
      message: `MySQL runs the content of /*! ... */, /*M! ... */ and obeys /*+ ... */ hints, which the parser reads as a comment (at ${where(first.scan.executableCommentAt)})`,
    });
  }
  for (const { server, scan } of readings) {
    if (scan.lexicalError) {
      out.push({
        rule: 'lexical-error',
        message: `${server} reads this text differently from the parser: ${scan.lexicalError.message} at ${where(scan.lexicalError.offset)}`,
      });
    }
    if (scan.statements > 1 && scan.statements !== parsedStatements) {
      const second = scan.starts[1] ?? 0;
      out.push({
        rule: 'multiple-statements',
        message: `${server} would run ${scan.statements} statements; the second starts at ${where(second)}`,
      });
    }
    if (scan.statements !== parsedStatements) {
      out.push({
        rule: 'statement-count-mismatch',
        message: `the parser reads ${parsedStatements} statement(s) but ${server} reads ${scan.statements}; the checks cannot vouch for what would run`,
      });
    }
    if (scan.emptyStatementAt !== undefined) {
      out.push({
        rule: 'empty-statement',
        message: `only whitespace and comments may surround the statement; found an extra ';' at ${where(scan.emptyStatementAt)}`,
      });
    }
  }
  return out;
}

function firstDifference(a: number[], b: number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i += 2) {
    if (a[i] !== b[i] || a[i + 1] !== b[i + 1]) return Math.min(a[i] ?? Infinity, b[i] ?? Infinity);
  }
  return 0;
}
