// What the integration tests share: the test server's Chinook URLs (from the global setup),
// the role logins' URLs, and an administrator connection for checks behind the adapter.
import mysql from 'mysql2/promise';
import { inject } from 'vitest';
import { ROLE_PASSWORDS } from './role-passwords.js';

/** The administrator's URL of the loaded Chinook, or '' when the server tests skip. */
export const chinookUrl = inject('mysqlChinookUrl');
/** Why the server tests skip ('' when they run); printed by the global setup. */
export const skipReason = inject('mysqlSkipReason');
export const noServer = chinookUrl === '';

/** `chinookUrl` with another login. */
export function loginUrl(user: string, password: string): string {
  const url = new URL(chinookUrl);
  url.username = encodeURIComponent(user);
  url.password = encodeURIComponent(password);
  return url.toString();
}

/** Each Chinook policy role's own login. */
export function roleUrls(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(ROLE_PASSWORDS).map(([role, password]) => [
      role,
      loginUrl(`chinook_${role}`, password),
    ]),
  );
}

/** Run SQL as the administrator, rows as objects. */
export async function asAdmin<T = Record<string, unknown>>(
  sql: string,
  values?: unknown[],
): Promise<T[]> {
  const connection = await mysql.createConnection({ uri: chinookUrl, dateStrings: true });
  try {
    const [rows] = await connection.query(sql, values);
    return rows as T[];
  } finally {
    await connection.end();
  }
}
