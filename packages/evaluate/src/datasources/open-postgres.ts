// Every PostgreSQL database the CLI opens goes through here: a wrong URL, a refused password
// or a server that is down is one line and exit 3, naming the login and server, never the
// password. The adapter is imported on first use, so commands that never open PostgreSQL load
// no driver.

import { DatasourceError } from '@nl2sql/datasource';
import type { PostgresDatasource, PostgresOptions } from '@nl2sql/datasource-postgres';
import { configError } from '../evaluate-error.js';

/** Remove every password the URLs hold from `text` (errors of a driver may repeat one). */
export function withoutPasswords(text: string, urls: readonly string[]): string {
  let out = text;
  for (const url of urls) {
    let password = '';
    try {
      password = decodeURIComponent(new URL(url).password);
    } catch {
      // A URL that does not parse: its whole text is the secret.
      password = url;
    }
    if (password) out = out.replaceAll(password, '***');
    out = out.replaceAll(url, '***');
  }
  return out;
}

/** Opens a PostgreSQL database read-only (one login per role in `options.roles`). */
export async function openPostgresDatabase(
  url: string,
  where: string,
  options: PostgresOptions = {},
): Promise<PostgresDatasource> {
  const { openPostgres } = await import('@nl2sql/datasource-postgres');
  const urls = [url, ...Object.values(options.roles ?? {})];
  try {
    return await openPostgres(url, options);
  } catch (error) {
    if (error instanceof DatasourceError || error instanceof RangeError) {
      throw configError(`${where} ${withoutPasswords(error.message, urls)}`);
    }
    throw error;
  }
}
