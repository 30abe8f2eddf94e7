// A query's outcome on one database as building and scoring need it: rows, or why there are none.
import {
  type Datasource,
  DatasourceError,
  type ExecuteOptions,
  type QueryResult,
} from '@nl2sql/datasource';

export type QueryOutcome =
  | { ok: true; result: QueryResult }
  | {
      ok: false;
      /** The datasource's code (TIMEOUT, SYNTAX, EXECUTION ...), or ERROR. */
      code: string;
      /** The database's own message when it gave one: no file paths, so manifests stay portable. */
      message: string;
    };

export async function runQuery(
  source: Datasource,
  sql: string,
  options: ExecuteOptions = {},
): Promise<QueryOutcome> {
  try {
    return { ok: true, result: await source.execute(sql, options) };
  } catch (error) {
    if (error instanceof DatasourceError) {
      return {
        ok: false,
        code: error.code,
        message: error.databaseMessage ?? error.code.toLowerCase(),
      };
    }
    return {
      ok: false,
      code: 'ERROR',
      message: error instanceof Error ? error.message : String(error),
    };
  }
}

/** `CODE: message`, for reasons and verdicts. */
export function outcomeError(outcome: QueryOutcome): string {
  return outcome.ok ? '' : `${outcome.code}: ${outcome.message}`;
}
