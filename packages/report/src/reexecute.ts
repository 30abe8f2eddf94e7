import { createHash } from 'node:crypto';
import { type Datasource, toJsonCell } from '@nl2sql/datasource';
import type { Executed } from './case-view.js';
import type { SavedRun } from './saved-run.js';

/** Options for `reexecute`. */
export interface ReexecuteOptions {
  /** Per statement (default 5000 ms). */
  readonly timeoutMs?: number;
  /** Rows read at most per statement (default 10,000). */
  readonly maxRows?: number;
}

/**
 * Runs each distinct predicted SQL again on `datasource` (read-only, as every adapter opens
 * it), for case runs that succeeded but whose saved report kept only a digest of the rows.
 * Cells become JSON values with the datasource's toJsonCell, as the engine's executor does,
 * and the digest is the runner's (SHA-256 of the rows as JSON), so the page shows the rows
 * only where the digest equals the run's: the rows the run was scored on, not what the
 * database holds today. A statement that fails (a timeout) is kept as its error message.
 */
export async function reexecute(
  runs: SavedRun | readonly SavedRun[],
  datasource: Datasource,
  options: ReexecuteOptions = {},
): Promise<Map<string, Executed>> {
  const wanted = new Set<string>();
  for (const run of Array.isArray(runs) ? runs : [runs as SavedRun]) {
    for (const config of run.configs) {
      for (const c of config.cases) {
        if (c.result === null && c.sql !== null && c.engine_status === 'success' && c.rows_digest) {
          wanted.add(c.sql);
        }
      }
    }
  }
  const out = new Map<string, Executed>();
  for (const sql of wanted) {
    try {
      const result = await datasource.execute(sql, {
        timeoutMs: options.timeoutMs ?? 5000,
        maxRows: options.maxRows ?? 10_000,
      });
      const rows = result.rows.map((row) => row.map(toJsonCell));
      out.set(sql, { columns: result.columns, rows, digest: rowsDigest(rows) });
    } catch (error) {
      out.set(sql, { error: error instanceof Error ? error.message : String(error) });
    }
  }
  return out;
}

/** The runner's rows digest: SHA-256 of the rows as JSON. */
export function rowsDigest(rows: readonly (readonly unknown[])[]): string {
  return createHash('sha256').update(JSON.stringify(rows)).digest('hex');
}
