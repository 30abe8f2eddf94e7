// L1: the SQL parses in the dialect, is exactly one statement, and that statement is a
// query. The parser is lenient ("SELEC x" parses as a column with an alias), so a
// successful parse alone is not validity.
import type { SqlDialect } from './dialect.js';
import { toDialect } from './dialect.js';
import { loadSdk } from './load.js';
import type { Json } from './node.js';
import { isQueryNode, kindOf } from './node.js';
import type { Parsed } from './parse.js';
import { parseSql } from './parse.js';
import { sqlSizeViolation } from './sql-size.js';
import type { Verdict, Violation } from './verdict.js';

export interface SyntaxVerdict extends Verdict {
  /** Variant name of each parsed statement ("select", "union", "drop_table", ...). */
  statementKinds: string[];
}

/** @internal L1 over an already parsed input; also yields the one query when it passes. */
export function syntaxOf(parsed: Parsed): { verdict: SyntaxVerdict; query?: Json } {
  if (!parsed.ok) {
    const where =
      parsed.line !== undefined ? ` (line ${parsed.line}, column ${parsed.column ?? '?'})` : '';
    return {
      verdict: {
        pass: false,
        statementKinds: [],
        violations: [{ rule: 'parse-error', message: `${parsed.message}${where}` }],
      },
    };
  }
  const kinds = parsed.statements.map((s) => kindOf(s) ?? 'unknown');
  const violations: Violation[] = [];
  if (parsed.statements.length === 0) {
    violations.push({ rule: 'empty', message: 'no SQL statement found' });
  } else if (parsed.statements.length > 1) {
    violations.push({
      rule: 'multiple-statements',
      message: `expected 1 statement, got ${parsed.statements.length} (${kinds.join(', ')})`,
    });
  } else if (!isQueryNode(parsed.statements[0])) {
    violations.push({
      rule: 'not-a-query',
      message: `top-level ${kinds[0]} is not a query${kinds[0] === 'alias' || kinds[0] === 'column' ? ' (the text parsed as a bare expression, e.g. a misspelt keyword)' : ''}`,
    });
  }
  const verdict: SyntaxVerdict = {
    pass: violations.length === 0,
    violations,
    statementKinds: kinds,
  };
  return violations.length === 0 ? { verdict, query: parsed.statements[0] } : { verdict };
}

/** L1: does `sql` parse in `dialect` as exactly one query? (Longer than `maxSqlBytes`: not parsed.) */
export async function checkSyntax(
  sql: string,
  dialect: SqlDialect | string,
  options: { maxSqlBytes?: number } = {},
): Promise<SyntaxVerdict> {
  const d = toDialect(dialect);
  const tooLarge = sqlSizeViolation(sql, options.maxSqlBytes);
  if (tooLarge) return { pass: false, violations: [tooLarge], statementKinds: [] };
  const sdk = await loadSdk();
  return syntaxOf(parseSql(sdk, sql, d)).verdict;
}
