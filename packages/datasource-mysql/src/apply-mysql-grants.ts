import { DatasourceError } from '@nl2sql/datasource';
import mysql from 'mysql2/promise';
import { mysqlError } from './mysql-error.js';
import { connectionOptions, parseMysqlUrl } from './mysql-login.js';

/** The statements of mysqlGrantsSql's text: every line that is not a comment or blank. */
export function grantStatements(sql: string): string[] {
  return sql
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0 && !line.startsWith('--'))
    .map((line) => line.replace(/;$/, ''));
}

/**
 * Run mysqlGrantsSql's statements as an administrator, one by one (MySQL's account statements
 * commit on their own, so there is no rollback: the first failure stops the run and names its
 * statement number; running the grants again after a fix converges). Errors never contain a
 * password: the statement's text is not repeated.
 */
export async function applyMysqlGrants(adminUrl: string, sql: string): Promise<void> {
  const login = parseMysqlUrl(adminUrl, undefined, false);
  const connection = await mysql
    .createConnection({ ...connectionOptions(login, 10_000), rowsAsArray: false })
    .catch((error: unknown) => {
      throw mysqlError(error, login.label, undefined, 'CONNECTION');
    });
  connection.on('error', () => undefined);
  const statements = grantStatements(sql);
  try {
    for (const [index, statement] of statements.entries()) {
      try {
        await connection.query(statement);
      } catch (error) {
        const said = error instanceof Error ? error.message.split('\n')[0] : String(error);
        const clean = login.password ? said!.replaceAll(login.password, '***') : said;
        throw new DatasourceError(
          'EXECUTION',
          `${login.label}: grant statement ${index + 1} of ${statements.length} failed: ${clean}`,
        );
      }
    }
  } finally {
    await connection.end().catch(() => undefined);
  }
}
