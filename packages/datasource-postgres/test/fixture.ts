// Helpers the integration tests share: the test server's URLs, databases of their own, and
// Chinook loaded with the generated grants.
import { CHINOOK_POLICIES, chinookForTests, loadChinookPostgres } from '@nl2sql/datasets';
import pg from 'pg';
import { inject } from 'vitest';
import { applyGrants } from '../src/apply-grants.js';
import { grantsSql, type RoleSettings } from '../src/grants-sql.js';

/**
 * The Chinook file the loaded database is made from, looked up once: where it is missing the
 * reason is printed and the tests that load Chinook skip (`describe.skipIf(noChinook)`); under
 * CI a missing file is a failure.
 */
export const chinook = await chinookForTests();
export const noChinook = chinook.path === undefined;

/** The superuser URL of the test server for `database`. */
export function adminUrl(database = 'postgres'): string {
  const url = new URL(inject('postgresAdminUrl'));
  url.pathname = `/${database}`;
  return url.toString();
}

/** `url` with another login. */
export function loginUrl(url: string, user: string, password: string): string {
  const out = new URL(url);
  out.username = encodeURIComponent(user);
  out.password = encodeURIComponent(password);
  return out.toString();
}

/** Run SQL as the superuser on `database`. */
export async function asAdmin<T = Record<string, unknown>>(
  database: string,
  sql: string,
  values?: unknown[],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: adminUrl(database) });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows as T[];
  } finally {
    await client.end();
  }
}

/** A new empty database named `name` (dropped first if it exists). */
export async function freshDatabase(name: string): Promise<string> {
  await asAdmin('postgres', `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await asAdmin(
    'postgres',
    `CREATE DATABASE "${name}" TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C'`,
  );
  return adminUrl(name);
}

export interface ChinookWithRoles {
  database: string;
  /** Superuser URL of the database. */
  adminUrl: string;
  /** Policy role -> URL of its own login. */
  roles: Record<string, string>;
  /** Policy role -> login name. */
  logins: Record<string, string>;
}

/**
 * Chinook loaded into `database` with one login per CHINOOK_POLICIES role (named
 * `<database>_<role>`, so databases of different test files never share a login) and the
 * generated grants applied.
 */
export async function chinookWithRoles(
  database: string,
  settings?: Partial<RoleSettings>,
): Promise<ChinookWithRoles> {
  const loaded = await loadChinookPostgres(adminUrl(), { database, locate: { download: false } });
  const roles: Record<string, string> = {};
  const logins: Record<string, string> = {};
  const passwords: Record<string, { login: string; password: string }> = {};
  for (const role of Object.keys(CHINOOK_POLICIES.roles)) {
    const login = `${database}_${role}`;
    const password = `pw-${role}-${Math.random().toString(36).slice(2)}`;
    passwords[role] = { login, password };
    logins[role] = login;
    roles[role] = loginUrl(loaded.url, login, password);
  }
  await applyGrants(
    loaded.url,
    grantsSql(CHINOOK_POLICIES, { database, roles: passwords, ...(settings ? { settings } : {}) }),
  );
  return { database, adminUrl: loaded.url, roles, logins };
}
