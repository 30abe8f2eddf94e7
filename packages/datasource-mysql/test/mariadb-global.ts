// Vitest global setup: one private MariaDB server for the package's test run, with Chinook
// loaded from its verified MySQL script and the Chinook policy's grants applied. Where no
// server or no script can be had outside CI, the reason is printed and passed on, and the
// integration tests skip; under CI (which installs mariadb-server) it is a failure.
import { CHINOOK_POLICIES, isCi, locateChinookMysql } from '@nl2sql/datasets';
import type { TestProject } from 'vitest/node';
import { applyMysqlGrants } from '../src/apply-mysql-grants.js';
import { loadChinookMysql } from '../src/load-chinook-mysql.js';
import { mariadbForTests } from '../src/mysql-for-tests.js';
import { mysqlGrantsSql } from '../src/mysql-grants-sql.js';
import { ROLE_PASSWORDS } from './role-passwords.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The administrator's URL of the Chinook database, or '' when the tests skip. */
    mysqlChinookUrl: string;
    /** Why the server tests skip, or ''. */
    mysqlSkipReason: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { server, skipReason } = await mariadbForTests();
  project.provide('mysqlChinookUrl', '');
  project.provide('mysqlSkipReason', skipReason ?? '');
  if (!server) return async () => undefined;
  let script: string;
  try {
    script = await locateChinookMysql();
  } catch (error) {
    await server.stop();
    if (isCi(process.env)) throw error;
    const reason = `skipping the MySQL tests: ${(error as Error).message.split('\n')[0]}`;
    console.warn(reason);
    project.provide('mysqlSkipReason', reason);
    return async () => undefined;
  }
  const loaded = await loadChinookMysql(server.url(), { script, database: 'chinook' });
  const roles = Object.fromEntries(
    Object.entries(ROLE_PASSWORDS).map(([role, password]) => [
      role,
      { login: `chinook_${role}`, password },
    ]),
  );
  await applyMysqlGrants(
    server.url(),
    mysqlGrantsSql(CHINOOK_POLICIES, { database: 'chinook', roles, host: '127.0.0.1' }),
  );
  project.provide('mysqlChinookUrl', loaded.url);
  return () => server.stop();
}
