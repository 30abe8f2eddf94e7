import { inspect } from 'node:util';
import { CHINOOK_POLICIES, CHINOOK_TABLES, loadChinookPostgres } from '@nl2sql/datasets';
import { DatasourceError } from '@nl2sql/datasource';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { applyGrants } from '../src/apply-grants.js';
import { grantsSql } from '../src/grants-sql.js';
import { adminUrl, asAdmin, loginUrl, noChinook } from './fixture.js';

const DATABASE = 'grants_chinook';
const PASSWORD = 'grant-test-password-0f3c';
let url: string;

/** The policy with a column-level scope for sales on Customer. */
const POLICY = {
  roles: {
    ...CHINOOK_POLICIES.roles,
    sales: {
      tables: CHINOOK_POLICIES.roles.sales!.tables,
      columns: { Customer: ['CustomerId', 'FirstName', 'Country'] },
    },
  },
};
const LOGINS = Object.fromEntries(
  Object.keys(POLICY.roles).map((role) => [
    role,
    { login: `g_${role}`, password: `${PASSWORD}-${role}` },
  ]),
);

async function asLogin<T = Record<string, unknown>>(role: string, sql: string): Promise<T[]> {
  const { login, password } = LOGINS[role]!;
  const client = new pg.Client({ connectionString: loginUrl(url, login, password) });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

async function failure(pending: Promise<unknown>): Promise<Error & { code?: string }> {
  const error = await pending.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Error);
  return error as Error & { code?: string };
}

/** Every (login, table, privilege) the catalog grants on the Chinook tables. */
async function tablePrivileges(): Promise<string[]> {
  const rows = await asAdmin<{ grant: string }>(
    DATABASE,
    `SELECT r.rolname || ' ' || t.table_name || ' ' || p.privilege AS grant
     FROM pg_roles r
     CROSS JOIN unnest($1::text[]) AS t(table_name)
     CROSS JOIN unnest(ARRAY['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'TRUNCATE', 'REFERENCES', 'TRIGGER']) AS p(privilege)
     WHERE r.rolname LIKE 'g\\_%' AND has_table_privilege(r.oid, format('public.%I', t.table_name), p.privilege)
     ORDER BY 1`,
    [CHINOOK_TABLES],
  );
  return rows.map((r) => r.grant);
}

beforeAll(async () => {
  if (noChinook) return;
  url = (await loadChinookPostgres(adminUrl(), { database: DATABASE, locate: { download: false } }))
    .url;
  // A login that already exists with more than it should have: the grants must take it away.
  await asAdmin(
    'postgres',
    "DROP ROLE IF EXISTS g_catalog; CREATE ROLE g_catalog LOGIN CREATEDB PASSWORD 'old'",
  );
  await asAdmin('postgres', 'GRANT pg_read_server_files, pg_signal_backend TO g_catalog');
  await asAdmin(DATABASE, 'GRANT ALL ON "Employee", "Invoice" TO g_catalog');
  await asAdmin(DATABASE, 'GRANT CREATE ON SCHEMA public TO g_catalog');
  const sql = grantsSql(POLICY, { database: DATABASE, roles: LOGINS });
  await applyGrants(url, sql);
  await applyGrants(url, sql); // idempotent: the second run changes nothing and does not fail
  await asAdmin(DATABASE, 'ANALYZE'); // estimates in pg_class, for the row-count tests
});

describe.skipIf(noChinook)('applyGrants: the generated grants on Chinook', () => {
  it('gives each login SELECT on exactly its policy tables and nothing else', async () => {
    const expected = Object.entries(POLICY.roles)
      .flatMap(([role, scope]) =>
        scope.tables
          .filter((t) => !('columns' in scope && (scope.columns as Record<string, unknown>)[t]))
          .map((t) => `g_${role} ${t} SELECT`),
      )
      .sort();
    expect(await tablePrivileges()).toEqual(expected);
  });

  it('lets a column-scoped role read only the listed columns', async () => {
    expect(
      await asLogin(
        'sales',
        'SELECT "FirstName", "Country" FROM "Customer" WHERE "CustomerId" = 1',
      ),
    ).toEqual([{ FirstName: 'Luís', Country: 'Brazil' }]);
    expect((await failure(asLogin('sales', 'SELECT "Email" FROM "Customer"'))).code).toBe('42501');
    expect((await failure(asLogin('sales', 'SELECT * FROM "Customer"'))).code).toBe('42501');
    expect(await asLogin('sales', 'SELECT count(*)::int AS n FROM "Customer"')).toEqual([
      { n: 59 },
    ]);
  });

  it('takes away what an existing login had beyond the policy', async () => {
    const [role] = await asAdmin<Record<string, unknown>>(
      'postgres',
      "SELECT rolcreatedb, rolsuper, rolcreaterole, rolinherit, rolbypassrls, rolconnlimit FROM pg_roles WHERE rolname = 'g_catalog'",
    );
    expect(role).toEqual({
      rolcreatedb: false,
      rolsuper: false,
      rolcreaterole: false,
      rolinherit: false,
      rolbypassrls: false,
      rolconnlimit: 16,
    });
    const memberships = await asAdmin(
      'postgres',
      "SELECT m.roleid FROM pg_auth_members m JOIN pg_roles u ON u.oid = m.member WHERE u.rolname LIKE 'g\\_%'",
    );
    expect(memberships).toEqual([]);
    expect((await failure(asLogin('catalog', 'SELECT * FROM "Employee"'))).code).toBe('42501');
    expect((await failure(asLogin('catalog', "SELECT pg_read_file('/etc/hostname')"))).code).toBe(
      '42501',
    );
    const [schema] = await asAdmin(
      DATABASE,
      "SELECT has_schema_privilege('g_catalog', 'public', 'CREATE') AS can_create",
    );
    expect(schema).toEqual({ can_create: false });
  });

  it('pins the session settings for every login', async () => {
    const settings = await asLogin(
      'catalog',
      `SELECT current_setting('default_transaction_read_only') AS ro, current_setting('statement_timeout') AS st,
              current_setting('idle_in_transaction_session_timeout') AS idle, current_setting('lock_timeout') AS lock,
              current_setting('temp_file_limit') AS temp, current_setting('work_mem') AS work, current_setting('search_path') AS path`,
    );
    expect(settings).toEqual([
      { ro: 'on', st: '30s', idle: '10s', lock: '1s', temp: '256MB', work: '16MB', path: 'public' },
    ]);
  });

  it('leaves a login no way to change its own settings from a query', async () => {
    const error = await failure(
      asLogin('catalog', "SELECT set_config('default_transaction_read_only', 'off', false)"),
    );
    expect(error.code).toBe('42501');
  });

  // Issue 25: the catalog told any login how many rows a table it may not read holds.
  it.each([
    `SELECT reltuples FROM pg_class WHERE relname = 'Employee'`,
    `SELECT relpages, relallvisible FROM pg_catalog.pg_class WHERE relname = 'Invoice'`,
    'SELECT * FROM pg_class',
    `SELECT n_live_tup FROM pg_stat_user_tables WHERE relname = 'Employee'`,
    'SELECT * FROM pg_stat_all_tables',
    'SELECT * FROM pg_stat_xact_user_tables',
    'SELECT * FROM pg_statio_user_tables',
    'SELECT * FROM pg_stat_user_indexes',
    `SELECT pg_stat_get_live_tuples('public."Employee"'::regclass)`,
    `SELECT pg_stat_get_tuples_inserted('public."Invoice"'::regclass)`,
    `SELECT pg_stat_get_numscans('public."Customer"'::regclass)`,
    `SELECT pg_relation_size('public."Employee"')`,
    `SELECT pg_total_relation_size('public."Invoice"')`,
    `SELECT pg_table_size('public."Customer"')`,
    `SELECT pg_indexes_size('public."Customer"')`,
  ])('hides row counts and sizes from a login: %s', async (sql) => {
    expect((await failure(asLogin('catalog', sql))).code).toBe('42501');
  });

  it('keeps the rest of the catalog readable, and the superuser sees the counts', async () => {
    expect(
      await asLogin('catalog', `SELECT relname, relkind FROM pg_class WHERE relname = 'Employee'`),
    ).toEqual([{ relname: 'Employee', relkind: 'r' }]);
    const [names] = await asLogin<{ n: number }>(
      'catalog',
      `SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace s ON s.oid = c.relnamespace
       WHERE s.nspname = 'public' AND c.relkind = 'r'`,
    );
    expect(names!.n).toBe(CHINOOK_TABLES.length);
    expect(
      await asAdmin(
        DATABASE,
        `SELECT reltuples::int AS n FROM pg_class WHERE relname = 'Employee'`,
      ),
    ).toEqual([{ n: 8 }]);
  });

  it('lets PUBLIC (any other login) not even connect, nor create temporary tables', async () => {
    await asAdmin(
      'postgres',
      "DROP ROLE IF EXISTS g_stranger; CREATE ROLE g_stranger LOGIN PASSWORD 'stranger'",
    );
    const client = new pg.Client({ connectionString: loginUrl(url, 'g_stranger', 'stranger') });
    client.on('error', () => undefined);
    const error = await failure(client.connect());
    expect(error.code).toBe('42501');
    const [temp] = await asAdmin(
      DATABASE,
      "SELECT has_database_privilege('g_sales', current_database(), 'TEMP') AS temp",
    );
    expect(temp).toEqual({ temp: false });
  });

  it('narrows the grants when the policy narrows', async () => {
    const narrow = { roles: { catalog: { tables: ['Track'] } } };
    await applyGrants(
      url,
      grantsSql(narrow, { database: DATABASE, roles: { catalog: 'g_catalog' } }),
    );
    expect((await tablePrivileges()).filter((g) => g.startsWith('g_catalog '))).toEqual([
      'g_catalog Track SELECT',
    ]);
    // The login kept its password: none was given this time.
    expect(await asLogin('catalog', 'SELECT count(*)::int AS n FROM "Track"')).toEqual([
      { n: 3503 },
    ]);
    await applyGrants(url, grantsSql(POLICY, { database: DATABASE, roles: LOGINS }));
  });
});

describe.skipIf(noChinook)('applyGrants: failures', () => {
  it('refuses to run grants made for another database, changing nothing', async () => {
    const before = await tablePrivileges();
    const error = await failure(
      applyGrants(adminUrl('postgres'), grantsSql(POLICY, { database: DATABASE, roles: LOGINS })),
    );
    expect(error).toBeInstanceOf(DatasourceError);
    expect(error.message).toContain(`these grants are for database ${DATABASE}, not postgres`);
    expect(error.message).not.toContain(PASSWORD);
    expect(await tablePrivileges()).toEqual(before);
  });

  it('rolls back a script with a missing table and repeats no password', async () => {
    const before = await tablePrivileges();
    const sql = grantsSql(
      { roles: { catalog: { tables: ['Track', 'NoSuchTable'] } } },
      {
        database: DATABASE,
        roles: { catalog: { login: 'g_catalog', password: `${PASSWORD}-catalog-new` } },
      },
    );
    const error = await failure(applyGrants(url, sql));
    expect(error).toMatchObject({ code: 'EXECUTION' });
    expect(error.message).toContain('relation "public.NoSuchTable" does not exist');
    expect(inspect(error, { depth: 10 })).not.toContain(PASSWORD);
    expect(await tablePrivileges()).toEqual(before);
    expect(await asLogin('catalog', 'SELECT 1 AS one')).toEqual([{ one: 1 }]); // the old password still works
  });

  it('reports a refused admin password as CONNECTION without the password', async () => {
    const wrong = new URL(url);
    wrong.password = 'not-the-admin-password-77';
    const error = await failure(applyGrants(wrong.toString(), 'SELECT 1'));
    expect(error).toMatchObject({ code: 'CONNECTION' });
    expect(error.message).toContain('password authentication failed');
    expect(inspect(error, { depth: 10 })).not.toContain('not-the-admin-password-77');
    expect(error.message).not.toContain('\n');
  });
});
