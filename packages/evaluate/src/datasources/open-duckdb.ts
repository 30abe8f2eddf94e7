// Every DuckDB file the CLI opens goes through here: a missing file, a directory or a file
// that is not DuckDB is one line and exit 3. The adapter is imported on first use, so commands
// that never open DuckDB load no DuckDB binary.

import { DatasourceError } from '@nl2sql/datasource';
import type { DuckdbDatasource, DuckdbOptions } from '@nl2sql/datasource-duckdb';
import { configError } from '../evaluate-error.js';

/** Opens the DuckDB file at `path` read-only; `where` names where the path came from. */
export async function openDuckdbDatabase(
  path: string,
  where: string,
  options: DuckdbOptions = {},
): Promise<DuckdbDatasource> {
  const { openDuckdb } = await import('@nl2sql/datasource-duckdb');
  try {
    return await openDuckdb(path, options);
  } catch (error) {
    if (error instanceof DatasourceError || error instanceof RangeError) {
      throw configError(`${where} ${error.message}`);
    }
    throw error;
  }
}
