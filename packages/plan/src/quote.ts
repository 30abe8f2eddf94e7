// Identifier and literal quoting. Every identifier is quoted so reserved words and mixed
// case survive on PostgreSQL; every literal is escaped here and nowhere else.

import { quoteName } from './dialect-sql.js';
import { PlanCompileError } from './plan-compile-error.js';
import type { Dialect } from './plan-model.js';

/**
 * Quotes an identifier with double quotes (backticks on MySQL), doubling any embedded one.
 */
export function quoteIdentifier(name: string, dialect: Dialect = 'sqlite'): string {
  if (name.length === 0)
    throw new PlanCompileError('EMPTY_IDENTIFIER', 'an identifier is empty', '');
  if (name.includes('\0')) {
    throw new PlanCompileError(
      'INVALID_LITERAL',
      `identifier ${JSON.stringify(name)} holds a NUL character`,
      '',
    );
  }
  return quoteName(dialect, name);
}

/**
 * Writes a constant as SQL. Strings are single-quoted with quotes doubled (standard SQL);
 * on PostgreSQL a string holding a backslash is written E'...' with the backslash doubled,
 * which reads the same whatever standard_conforming_strings is.
 * Booleans are 1/0 on SQLite, which has no boolean type, TRUE/FALSE elsewhere. Negative numbers are parenthesised
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
  const quoted = value.replaceAll("'", "''");
  // A backslash in '...' means itself with standard_conforming_strings on (the default) and
  // an escape with it off, so PostgreSQL could read a different string than we wrote (and
  // the safety check refuses such text). E'...' with backslashes doubled means one thing
  // under both settings.
  if (dialect === 'postgres' && value.includes('\\')) {
    return `E'${quoted.replaceAll('\\', '\\\\')}'`;
  }
  // MySQL has no spelling of a backslash that reads the same with and without
  // NO_BACKSLASH_ESCAPES (and the safety check refuses the ambiguity): refuse it here.
  if (dialect === 'mysql' && value.includes('\\')) {
    throw new PlanCompileError(
      'INVALID_LITERAL',
      `string ${JSON.stringify(value)} holds a backslash, which MySQL reads differently under NO_BACKSLASH_ESCAPES`,
      '',
    );
  }
  return `'${quoted}'`;
}
