// The bench's gold SQL for PostgreSQL, made synchronously from the Chinook names (the suite's
// own, schema-driven version is @nl2sql/suite's goldSqlFor, used by `nl2sql suite cross-check`).

import { CHINOOK_SCHEMA } from '@nl2sql/datasets';
import { Dialect, transpile } from '@polyglot-sql/sdk';
import { postgresTokens } from '../src/postgres-tokens.js';

/** Every Chinook table and column name, by its lower-case spelling. */
const CHINOOK_NAMES = new Map<string, string>(
  CHINOOK_SCHEMA.tables.flatMap((t) => [
    [t.name.toLowerCase(), t.name] as const,
    ...t.columns.map((c) => [c.name.toLowerCase(), c.name] as const),
  ]),
);

/**
 * Gold SQL for PostgreSQL: transpiled from SQLite by the SQL parser (strftime -> TO_CHAR,
 * ORDER BY ... NULLS FIRST as SQLite sorts), then every bare word that spells a Chinook table
 * or column quoted with its exact case, since PostgreSQL folds unquoted names to lower case and
 * the loader keeps Chinook's PascalCase names.
 */
export function postgresGoldSql(sqliteSql: string): string {
  const result = transpile(sqliteSql, Dialect.SQLite, Dialect.PostgreSQL);
  if (!result.success || !result.sql || result.sql.length !== 1) {
    throw new Error(`transpile failed: ${result.error ?? 'no single statement'}`);
  }
  const sql = result.sql[0]!;
  let out = '';
  let at = 0;
  for (const token of postgresTokens(sql)) {
    const exact = token.kind === 'word' ? CHINOOK_NAMES.get(token.text.toLowerCase()) : undefined;
    if (exact === undefined) continue;
    out += `${sql.slice(at, token.start)}"${exact}"`;
    at = token.end;
  }
  return out + sql.slice(at);
}
