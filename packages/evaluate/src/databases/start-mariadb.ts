// `db up chinook --engine mysql`: a private MariaDB with Chinook loaded from its verified
// MySQL script and one read-only login per Chinook policy role.

import { CHINOOK_POLICIES, DatasetError, locateChinookMysql } from '@nl2sql/datasets';
import { DatasourceError } from '@nl2sql/datasource';
import { configError } from '../evaluate-error.js';
import { EXIT } from '../exit-codes.js';
import { chinookLogins, roleUrls } from './server-login.js';
import type { StartedServer } from './started-database.js';

export async function startChinookMariadb(port: number | undefined): Promise<StartedServer> {
  const { applyMysqlGrants, loadChinookMysql, mysqlGrantsSql, startMariadb } = await import(
    '@nl2sql/datasource-mysql'
  );
  let script: string;
  let server: Awaited<ReturnType<typeof startMariadb>>;
  try {
    script = await locateChinookMysql();
    server = await startMariadb(port === undefined ? {} : { port });
  } catch (error) {
    if (error instanceof DatasourceError || error instanceof DatasetError)
      throw configError(error.message);
    throw error;
  }
  try {
    const loaded = await loadChinookMysql(server.url(), { script, database: 'chinook' });
    const logins = chinookLogins();
    await applyMysqlGrants(
      server.url(),
      mysqlGrantsSql(CHINOOK_POLICIES, { database: 'chinook', roles: logins, host: '127.0.0.1' }),
    );
    return {
      exitCode: EXIT.ok,
      engine: 'mysql',
      url: loaded.url,
      roles: roleUrls(loaded.url, logins),
      port: server.port,
      dataDir: server.dataDir,
      description: `MariaDB ${server.version} with Chinook on 127.0.0.1:${server.port} (${loaded.tables.length} tables, data in ${server.dataDir})`,
      stop: () => server.stop(),
    };
  } catch (error) {
    await server.stop();
    if (error instanceof DatasourceError) throw configError(error.message);
    throw error;
  }
}
