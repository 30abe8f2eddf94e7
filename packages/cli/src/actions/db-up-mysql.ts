// `nl2sql db up chinook --engine mysql`: a private MariaDB with Chinook loaded from its
// verified MySQL script and one read-only login per Chinook policy role, served until Ctrl-C.

import { randomBytes } from 'node:crypto';
import { CHINOOK_POLICIES, DatasetError, locateChinookMysql } from '@nl2sql/datasets';
import { DatasourceError } from '@nl2sql/datasource';
import { configError } from '../cli-error.js';
import { EXIT, type ExitCode } from '../exit-codes.js';
import type { Io } from '../io.js';
import { loginUrl, untilStopped } from './server-login.js';

export async function runDbUpMysql(port: number | undefined, io: Io): Promise<ExitCode> {
  const stopped = untilStopped();
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
    const logins = Object.fromEntries(
      Object.keys(CHINOOK_POLICIES.roles).map((role) => [
        role,
        { login: `chinook_${role}`, password: randomBytes(12).toString('base64url') },
      ]),
    );
    await applyMysqlGrants(
      server.url(),
      mysqlGrantsSql(CHINOOK_POLICIES, { database: 'chinook', roles: logins, host: '127.0.0.1' }),
    );
    io.out(`url: ${loaded.url}`);
    for (const [role, { login, password }] of Object.entries(logins)) {
      io.out(`role ${role}: ${loginUrl(loaded.url, login, password)}`);
    }
    io.err(
      `nl2sql: MariaDB ${server.version} with Chinook on 127.0.0.1:${server.port} (${loaded.tables.length} tables, data in ${server.dataDir}); Ctrl-C stops it and removes its data`,
    );
    const signal = await stopped;
    io.err(`nl2sql: ${signal}: stopping MariaDB`);
    return EXIT.ok;
  } catch (error) {
    if (error instanceof DatasourceError) throw configError(error.message);
    throw error;
  } finally {
    await server.stop();
  }
}
