import { chinookForTests } from '@nl2sql/datasets';
import { afterAll, beforeAll } from 'vitest';
import { openSqlite, type SqliteDatasource } from '../src/sqlite-datasource.js';

/**
 * The verified Chinook_Sqlite.sqlite the integration tests read (never write). When it cannot
 * be found the reason is printed and `noChinook` is true, so those suites skip; under CI the
 * lookup throws instead, so they can never pass there by not running.
 */
export const chinook = await chinookForTests();

/** For `describe.skipIf(noChinook)`. */
export const noChinook = chinook.path === undefined;

/** The Chinook path; only call it inside a suite skipped when `noChinook`. */
export async function chinookPath(): Promise<string> {
  if (chinook.path === undefined) throw new Error(chinook.skipReason);
  return chinook.path;
}

/**
 * Chinook opened once for the test file that calls this (before its tests, closed after
 * them); the returned function gives the datasource inside a suite skipped when `noChinook`.
 */
export function chinookDatasource(): () => SqliteDatasource {
  let datasource: SqliteDatasource | undefined;
  beforeAll(async () => {
    if (noChinook) return;
    datasource = await openSqlite(await chinookPath());
  });
  afterAll(async () => {
    await datasource?.close();
  });
  return () => {
    if (datasource === undefined) throw new Error('Chinook is not open here');
    return datasource;
  };
}
