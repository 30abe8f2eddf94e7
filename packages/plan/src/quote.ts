// Identifier and literal quoting. Every identifier is quoted so reserved words and mixed
// case survive on PostgreSQL; every literal is escaped here and nowhere else.

import { PlanCompileError } from './plan-compile-error.js';
import type { Dialect } from './plan-model.js';

/** Quotes an identifier with double quotes, doubling any embedded double quote. */
export function quoteIdentifier(name: string): string {
  if (name.length === 0)
    throw new PlanCompileError('EMPTY_IDENTIFIER', 'an identifier is empty', '');
  if (name.includes('\0')) {
    throw new PlanCompileError(
      'INVALID_LITERAL',
      `identifier ${JSON.stringify(name)} holds a NUL character`,
      '',
    );
  }
  return `"${name.replaceAll('"', '""')}"`;
}

/**
 * Writes a constant as SQL. Strings are single-quoted with quotes doubled (standard SQL;
 * PostgreSQL's standard_conforming_strings, on by default, keeps backslashes literal).
 * Booleans are 1/0 on SQLite, which has no boolean type. Negative numbers are parenthesised
 * so `a - -1` can never print as the comment `--`.
 */
export function quoteLiteral(value: string | number | boolean | null, dialect: Dialect): string {
  if (value === null) return 'NULL';
  if (typeof value === 'boolean') {
    if (dialect === 'sqlite') return value ? '1' : '0';
    return value ? 'TRUE' : 'FALSE';
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) {
      throw new PlanCompileError('INVALID_LITERAL', `number ${value} has no SQL literal`, '');
    }
    const text = Object.is(value, -0) ? '0' : String(value);
    return value < 0 ? `(${text})` : text;
  }
  if (value.includes('\0')) {
    throw new PlanCompileError(
      'INVALID_LITERAL',
      `string ${JSON.stringify(value)} holds a NUL character`,
      '',
    );
  }
  return `'${value.replaceAll("'", "''")}'`;
}
