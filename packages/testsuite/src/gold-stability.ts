// A gold query whose answer depends on the order rows happen to be read in (ties at a LIMIT,
// a LIMIT without ORDER BY) has no single right answer on that database: a correct prediction
// could fail there by luck. SQLite can read every table backwards
// (PRAGMA reverse_unordered_selects); a gold whose result changes when it does is unstable on
// that database, and that database is not used to judge it.
import type { TableLike } from '@nl2sql/comparator';
import { matchesAnyGold, type TestSuitePolicy } from './match-policy.js';
import { SqliteFile } from './sqlite-file.js';

export type Stability = { stable: true } | { stable: false; reason: string };

/** Compare the gold's result (read normally) with the same query read with reversed scans. */
export async function checkStability(
  file: string,
  sql: string,
  normal: TableLike,
  policy: TestSuitePolicy,
  timeoutMs: number,
): Promise<Stability> {
  const db = await SqliteFile.open(file, 'read');
  try {
    await db.exec('PRAGMA query_only = ON; PRAGMA reverse_unordered_selects = ON;');
    let rows: unknown[][];
    try {
      rows = await db.rows(sql, timeoutMs);
    } catch (error) {
      return {
        stable: false,
        reason: `fails when tables are read backwards: ${(error as Error).message}`,
      };
    }
    const reversed = { columns: normal.columns, rows };
    const verdict = matchesAnyGold([normal], reversed, policy);
    return verdict.pass
      ? { stable: true }
      : { stable: false, reason: 'its result changes when tables are read in reverse order' };
  } finally {
    await db.close();
  }
}
