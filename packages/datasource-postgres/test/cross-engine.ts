// The seed of `nl2sql suite cross-check`: a case's gold SQL (written for SQLite) made
// runnable on PostgreSQL, and an explanation of why two engines' rows differ.

import { CHINOOK_SCHEMA } from '@nl2sql/datasets';
import { type CellValue, type QueryResult, toJsonCell } from '@nl2sql/datasource';
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

/** Why PostgreSQL's rows differ from SQLite's, or `same`. */
export type Difference =
  | 'same'
  | 'row order: NULLs sort first in SQLite, last in PostgreSQL'
  | 'row order: text collation'
  | 'numbers within 0.005: REAL arithmetic in SQLite, NUMERIC in PostgreSQL'
  | 'integer division: SQLite truncated where PostgreSQL kept the fraction'
  | 'value types: a number on one engine is text on the other'
  | 'different rows';

type Row = ReturnType<typeof toJsonCell>[];

function rows(result: QueryResult): Row[] {
  return result.rows.map((row) => row.map((cell: CellValue) => toJsonCell(cell)));
}

const key = (row: Row) => JSON.stringify(row);

function sameMultiset(a: Row[], b: Row[]): boolean {
  const sorted = (r: Row[]) => r.map(key).sort();
  return JSON.stringify(sorted(a)) === JSON.stringify(sorted(b));
}

/** Compare cell by cell (rows paired by position) and name the one kind of difference, if any. */
function cellDifference(a: Row[], b: Row[]): Difference | undefined {
  let kind: Difference | undefined;
  for (let r = 0; r < a.length; r += 1) {
    for (let c = 0; c < a[r]!.length; c += 1) {
      const [x, y] = [a[r]![c], b[r]![c]];
      if (x === y) continue;
      let found: Difference;
      if (typeof x === 'number' && typeof y === 'number') {
        if (Number.isInteger(x) && !Number.isInteger(y) && Math.trunc(y) === x) {
          found = 'integer division: SQLite truncated where PostgreSQL kept the fraction';
        } else if (Math.abs(x - y) <= 0.005) {
          found = 'numbers within 0.005: REAL arithmetic in SQLite, NUMERIC in PostgreSQL';
        } else return undefined;
      } else if (x !== null && y !== null && String(x) === String(y)) {
        found = 'value types: a number on one engine is text on the other';
      } else return undefined;
      if (kind !== undefined && kind !== found) return undefined;
      kind = found;
    }
  }
  return kind;
}

/**
 * Explain how PostgreSQL's result differs from SQLite's for the same question: identical rows
 * are `same`; otherwise the first explanation that accounts for every difference.
 */
export function explainDifference(
  sqlite: QueryResult,
  postgres: QueryResult,
  orderMatters: boolean,
): Difference {
  const [a, b] = [rows(sqlite), rows(postgres)];
  if (JSON.stringify(a) === JSON.stringify(b)) return 'same';
  if (a.length !== b.length) return 'different rows';
  if (sameMultiset(a, b)) {
    if (!orderMatters) return 'same';
    return a.some((row) => row.includes(null))
      ? 'row order: NULLs sort first in SQLite, last in PostgreSQL'
      : 'row order: text collation';
  }
  const positional = cellDifference(a, b);
  if (positional) return positional;
  // The same values in another order and with a numeric difference: pair rows after sorting.
  const sort = (r: Row[]) =>
    [...r].sort((x, y) => (key(x) < key(y) ? -1 : key(x) > key(y) ? 1 : 0));
  return cellDifference(sort(a), sort(b)) ?? 'different rows';
}
