import { createHash } from 'node:crypto';
import { canonicalJson } from '@nl2sql/suite';

/** A gold query a test suite is built for: one case's SQL and its accepted alternatives. */
export interface GoldQuery {
  /** The case id (unique within the suite). */
  id: string;
  sql: string;
  /** Other accepted answers; a prediction may match any of them on a database. */
  altSql?: readonly string[];
  /** Row order counts (a case's `order_matters`). */
  orderMatters: boolean;
}

/** SHA-256 (hex) of one SQL text, as the manifest keys golds by it. */
export function sqlDigest(sql: string): string {
  return createHash('sha256').update(sql.replace(/\r\n?/g, '\n').trim(), 'utf8').digest('hex');
}

/** SHA-256 (hex) over every gold's id, SQL, alternatives and order flag, in id order. */
export function goldsDigest(golds: readonly GoldQuery[]): string {
  const canonical = [...golds]
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((g) => ({ id: g.id, sql: g.sql, alt_sql: g.altSql ?? [], order_matters: g.orderMatters }));
  return createHash('sha256').update(canonicalJson(canonical), 'utf8').digest('hex');
}
