// The dialects this package checks, and their identifier rules. SQLite and DuckDB compare
// every identifier case-insensitively (quoted or not); PostgreSQL folds unquoted identifiers
// to lower case and compares quoted ones exactly; MySQL compares column names
// case-insensitively and, here, table names too (lower_case_table_names=1; with 0 the server
// refuses a name in the wrong case, so L2 can only be more lenient than the server, and the
// allow-list of tables is compared the same way, see decisions/sqlcheck-dialects.md).

export type SqlDialect = 'sqlite' | 'postgres' | 'mysql' | 'duckdb';

/** Every dialect, in the order messages list them. */
export const SQL_DIALECTS: readonly SqlDialect[] = ['sqlite', 'postgres', 'mysql', 'duckdb'];

/** Thrown for a dialect this package does not support: a caller bug, not a SQL verdict. */
export class UnsupportedDialectError extends Error {
  readonly code = 'SQLCHECK_UNSUPPORTED_DIALECT';
  constructor(dialect: string) {
    super(
      `sqlcheck: unsupported dialect "${dialect}" (use ${SQL_DIALECTS.map((d) => `"${d}"`).join(', ')})`,
    );
    this.name = 'UnsupportedDialectError';
  }
}

/** Accepts 'postgresql' as an alias of 'postgres' and 'mariadb' as one of 'mysql'. */
export function toDialect(dialect: string): SqlDialect {
  const d = dialect.toLowerCase();
  if (d === 'sqlite' || d === 'mysql' || d === 'duckdb') return d;
  if (d === 'postgres' || d === 'postgresql') return 'postgres';
  if (d === 'mariadb') return 'mysql';
  throw new UnsupportedDialectError(dialect);
}

/**
 * The schema an unqualified table name lives in. MySQL has none: a qualifier names a
 * database, so the empty name (which no written identifier spells) makes every qualified
 * name differ from the unqualified one.
 */
export function defaultSchema(dialect: SqlDialect): string {
  if (dialect === 'postgres') return 'public';
  return dialect === 'mysql' ? '' : 'main';
}

/** True when the dialect compares identifiers without regard to case, quoted or not. */
function caseInsensitive(dialect: SqlDialect): boolean {
  return dialect !== 'postgres';
}

/** The comparison key of an identifier as written in SQL. */
export function identKey(dialect: SqlDialect, name: string, quoted: boolean): string {
  if (caseInsensitive(dialect)) return name.toLowerCase();
  return quoted ? name : name.toLowerCase();
}

/** The comparison key of a name as stored in the catalog (already the real name). */
export function catalogKey(dialect: SqlDialect, name: string): string {
  return caseInsensitive(dialect) ? name.toLowerCase() : name;
}
