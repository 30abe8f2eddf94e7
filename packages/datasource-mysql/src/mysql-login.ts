import type mysql from 'mysql2';
import { DRIVER_VALUE_OPTIONS } from './mysql-cells.js';

/** A `mysql://` (or `mariadb://`) URL read into the driver's options. */
export interface MysqlLogin {
  host: string;
  port: number;
  user: string;
  password: string;
  database: string;
  /** `MySQL user@host:port/database`: the URL without its password, for messages. */
  label: string;
}

/** Parse a connection URL (a database is required unless `needsDatabase` is false); a RangeError (never echoing the password) when it is not one. */
export function parseMysqlUrl(url: string, role?: string, needsDatabase = true): MysqlLogin {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new RangeError(
      `${role ? `role ${role}: ` : ''}the URL does not parse; expected mysql://user:password@host:port/database`,
    );
  }
  if (parsed.protocol !== 'mysql:' && parsed.protocol !== 'mariadb:') {
    throw new RangeError(
      `${role ? `role ${role}: ` : ''}the URL must start with mysql:// or mariadb://, not ${parsed.protocol}//`,
    );
  }
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
  const user = decodeURIComponent(parsed.username);
  const host = parsed.hostname.replace(/^\[|\]$/g, '') || '127.0.0.1';
  const port = parsed.port ? Number(parsed.port) : 3306;
  if (!database && needsDatabase) {
    throw new RangeError(
      `MySQL ${user}@${host}:${port}: the URL names no database (mysql://user:password@host:port/DATABASE)`,
    );
  }
  return {
    host,
    port,
    user,
    password: decodeURIComponent(parsed.password),
    database,
    label: `MySQL ${user}@${host}:${port}/${database}${role ? ` (role ${role})` : ''}`,
  };
}

/** The URL with its password replaced by `***`. */
export function redactMysqlUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '***';
  }
}

/**
 * Driver options for a login: values as the adapter converts them, one statement per call
 * (no CLIENT_MULTI_STATEMENTS, so the server itself refuses a second statement), text
 * protocol rows as arrays (duplicate column names kept), UTF-8 throughout.
 */
export function connectionOptions(
  login: MysqlLogin,
  connectTimeoutMs: number,
): mysql.ConnectionOptions {
  return {
    host: login.host,
    port: login.port,
    user: login.user,
    password: login.password,
    database: login.database || undefined,
    connectTimeout: connectTimeoutMs,
    charset: 'utf8mb4',
    multipleStatements: false,
    rowsAsArray: true,
    ...DRIVER_VALUE_OPTIONS,
  };
}
