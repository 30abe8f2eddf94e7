import { readFile } from 'node:fs/promises';
import { DatasourceError } from '@nl2sql/datasource';
import mysql from 'mysql2/promise';
import { mysqlError } from './mysql-error.js';
import { connectionOptions, parseMysqlUrl } from './mysql-login.js';

export interface LoadChinookMysqlOptions {
  /** The verified Chinook_MySql.sql (from @nl2sql/datasets' locateChinookMysql). */
  script: string;
  /** The database to (re)create and fill (default `chinook`). */
  database?: string;
}

export interface LoadedChinookMysql {
  database: string;
  /** `adminUrl` pointed at the loaded database (it keeps the admin's password). */
  url: string;
  /** Every table with its row count, in name order. */
  tables: { name: string; rows: number }[];
}

// The script's own first statements: it drops, creates and uses a database named Chinook.
const HEADER = [
  'DROP DATABASE IF EXISTS `Chinook`;',
  'CREATE DATABASE `Chinook`;',
  'USE `Chinook`;',
] as const;

/**
 * Load Chinook into MySQL or MariaDB from its upstream script (lerocha/chinook-database's
 * Chinook_MySql.sql, verified by the caller): the script as is, but for the database's name
 * (its `DROP DATABASE` / `CREATE DATABASE` / `USE` of `Chinook` are pointed at `database`),
 * run under `NO_BACKSLASH_ESCAPES` because the script writes backslashes as plain characters
 * (`First Set \ Incipit`), as the SQLite file holds them. The database is dropped and made
 * again every time: grants on tables survive that (MySQL keeps them by name). `adminUrl`
 * must name an account that can create databases.
 */
export async function loadChinookMysql(
  adminUrl: string,
  options: LoadChinookMysqlOptions,
): Promise<LoadedChinookMysql> {
  const database = options.database ?? 'chinook';
  if (!/^[A-Za-z0-9_]{1,64}$/.test(database)) {
    throw new RangeError(`database must be 1-64 letters, digits or _, got ${database}`);
  }
  const admin = parseMysqlUrl(adminUrl, undefined, false);
  let script = await readFile(options.script, 'utf8');
  for (const line of HEADER) {
    if (!script.includes(line)) {
      throw new DatasourceError(
        'EXECUTION',
        `${options.script}: not the Chinook MySQL script: it has no line ${line}`,
      );
    }
    script = script.replace(line, line.replace('`Chinook`', `\`${database}\``));
  }
  const connection = await mysql
    .createConnection({
      ...connectionOptions(admin, 10_000),
      multipleStatements: true,
      rowsAsArray: false,
    })
    .catch((error: unknown) => {
      throw mysqlError(error, admin.label, undefined, 'CONNECTION');
    });
  connection.on('error', () => undefined);
  try {
    await connection.query("SET SESSION sql_mode = 'NO_BACKSLASH_ESCAPES,STRICT_ALL_TABLES'");
    await connection.query(script);
    await connection.query('SET SESSION sql_mode = DEFAULT');
    const [names] = await connection.query(
      "SELECT TABLE_NAME AS name FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_TYPE = 'BASE TABLE' ORDER BY TABLE_NAME",
      [database],
    );
    const tables: { name: string; rows: number }[] = [];
    for (const { name } of names as { name: string }[]) {
      const [rows] = await connection.query(
        `SELECT COUNT(*) AS n FROM \`${database}\`.\`${name.replaceAll('`', '``')}\``,
      );
      tables.push({ name, rows: Number((rows as { n: number | string }[])[0]!.n) });
    }
    const url = new URL(adminUrl);
    url.pathname = `/${database}`;
    return { database, url: url.toString(), tables };
  } catch (error) {
    if (error instanceof DatasourceError) throw error;
    throw mysqlError(error, `${admin.label}: loading Chinook into ${database}`);
  } finally {
    await connection.end().catch(() => undefined);
  }
}
