// A datasource's `timeout_ms` and `max_rows` in evals.yaml are limits, not just defaults:
// every query the CLI runs on it (the engine's, lint's gold queries, regenerate's) gets at
// most that long and at most that many rows, whatever limit the caller asked for. A query
// cut short is reported as such (a timeout, a truncated result), never scored as complete.

import type { Datasource, ExecuteOptions } from '@nl2sql/datasource';
import type { DatasourceLimits } from '@nl2sql/project';

/** A datasource as the CLI hands it on: a SQLite file keeps its `file` (the data digest reads it). */
export type OpenDatasource = Datasource & { readonly file?: string };

const lower = (asked: number | undefined, limit: number | undefined) =>
  limit === undefined ? asked : Math.min(asked ?? limit, limit);

/**
 * `datasource` with every query held to `limits` (unchanged when it sets none). A datasource
 * with a login per role keeps them: each role's datasource is held to the same limits.
 */
export function withLimits(datasource: OpenDatasource, limits: DatasourceLimits): OpenDatasource {
  if (limits.timeoutMs === undefined && limits.maxRows === undefined) return datasource;
  const forRole = datasource.forRole?.bind(datasource);
  return {
    engine: datasource.engine,
    ...(datasource.file !== undefined ? { file: datasource.file } : {}),
    ...(datasource.roles !== undefined ? { roles: datasource.roles } : {}),
    ...(forRole ? { forRole: (role: string) => withLimits(forRole(role), limits) } : {}),
    execute(sql: string, options: ExecuteOptions = {}) {
      const timeoutMs = lower(options.timeoutMs, limits.timeoutMs);
      const maxRows = lower(options.maxRows, limits.maxRows);
      return datasource.execute(sql, {
        ...options,
        ...(timeoutMs !== undefined ? { timeoutMs } : {}),
        ...(maxRows !== undefined ? { maxRows } : {}),
      });
    },
    introspect: (options) => datasource.introspect(options),
    fingerprint: () => datasource.fingerprint(),
    close: () => datasource.close(),
  };
}
