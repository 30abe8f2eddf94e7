// Every MySQL or MariaDB database the CLI opens goes through here: a wrong URL, a refused
// password or a server that is down is one line and exit 3, naming the login and server, never
// the password. The adapter is imported on first use, so commands that never open MySQL load
// no driver.

import { DatasourceError } from '@nl2sql/datasource';
import type { MysqlDatasource, MysqlOptions } from '@nl2sql/datasource-mysql';
import { configError } from '../evaluate-error.js';
import { withoutPasswords } from './open-postgres.js';

/** Opens a MySQL database read-only (one login per role in `options.roles`). */
export async function openMysqlDatabase(
  url: string,
  where: string,
  options: MysqlOptions = {},
): Promise<MysqlDatasource> {
  const { openMysql } = await import('@nl2sql/datasource-mysql');
  const urls = [url, ...Object.values(options.roles ?? {})];
  try {
    return await openMysql(url, options);
  } catch (error) {
    if (error instanceof DatasourceError || error instanceof RangeError) {
      throw configError(`${where} ${withoutPasswords(error.message, urls)}`);
    }
    throw error;
  }
}
