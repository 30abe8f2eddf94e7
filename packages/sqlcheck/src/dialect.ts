// The dialects this package checks, and their identifier rules. SQLite compares every
// identifier case-insensitively (quoted or not); PostgreSQL folds unquoted identifiers to
// lower case and compares quoted ones exactly.

export type SqlDialect = 'sqlite' | 'postgres';

/** Thrown for a dialect this package does not support: a caller bug, not a SQL verdict. */
export class UnsupportedDialectError extends Error {
  readonly code = 'SQLCHECK_UNSUPPORTED_DIALECT';
  constructor(dialect: string) {
    super(`sqlcheck: unsupported dialect "${dialect}" (use "sqlite" or "postgres")`);
    this.name = 'UnsupportedDialectError';
  }
}

/** Accepts 'postgresql' as an alias of 'postgres'. */
export function toDialect(dialect: string): SqlDialect {
  const d = dialect.toLowerCase();
  if (d === 'sqlite') return 'sqlite';
  if (d === 'postgres' || d === 'postgresql') return 'postgres';
  throw new UnsupportedDialectError(dialect);
}

/** The schema an unqualified table name lives in. */
export function defaultSchema(dialect: SqlDialect): string {
  return dialect === 'sqlite' ? 'main' : 'public';
}

/** The comparison key of an identifier as written in SQL. */
export function identKey(dialect: SqlDialect, name: string, quoted: boolean): string {
  if (dialect === 'sqlite') return name.toLowerCase();
  return quoted ? name : name.toLowerCase();
}

/** The comparison key of a name as stored in the catalog (already the real name). */
export function catalogKey(dialect: SqlDialect, name: string): string {
  return dialect === 'sqlite' ? name.toLowerCase() : name;
}
