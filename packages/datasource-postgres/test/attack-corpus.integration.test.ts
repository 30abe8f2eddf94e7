// The database as the second layer: the attack corpus through the adapter (the static SQL
// check is not involved: the adapter never calls it) as a login of the `catalog` role on
// Chinook loaded with the generated grants, then through a bare client as the same login.
// Every statement is refused, the data and catalog are unchanged, and the server keeps
// accepting connections after every statement. Then the corpus and the session attacks as a
// plain read-only login a team made itself (no generated grants, no revokes): whatever a
// query does to its session ends with it (issue 25).
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { CHINOOK_TABLES, loadChinookPostgres } from '@nl2sql/datasets';
import { DatasourceError } from '@nl2sql/datasource';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdentityPool } from '../src/identity-pool.js';
import { openPostgres, type PostgresDatasource } from '../src/postgres-datasource.js';
import { checkPostgresQuery } from '../src/postgres-query-check.js';
import { ATTACKS, SESSION_ATTACKS } from './attack-corpus.js';
import {
  adminUrl,
  asAdmin,
  type ChinookWithRoles,
  chinookWithRoles,
  loginUrl,
  noChinook,
} from './fixture.js';

const DATABASE = 'attack_chinook';
const FILES = [
  '/tmp/nl2sql-attack-program',
  '/tmp/nl2sql-attack-copy.csv',
  '/tmp/nl2sql-attack-lo',
];
let chinook: ChinookWithRoles;
let db: PostgresDatasource;
let before: string;

/** SHA-256 over every row of every table and the parts of the catalog an attack could change. */
async function state(database = DATABASE): Promise<string> {
  const hash = createHash('sha256');
  for (const table of CHINOOK_TABLES) {
    const rows = await asAdmin(database, `SELECT * FROM "${table}" ORDER BY 1, 2`);
    hash.update(`${table}\n${JSON.stringify(rows)}\n`);
  }
  const catalog = [
    `SELECT c.relname, c.relkind, obj_description(c.oid) AS comment, c.relacl::text AS acl
     FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast') ORDER BY 1`,
    'SELECT count(*)::int AS n FROM pg_largeobject_metadata',
    "SELECT proname FROM pg_proc WHERE pronamespace = 'public'::regnamespace ORDER BY 1",
    'SELECT extname FROM pg_extension ORDER BY 1',
    `SELECT r.rolname, r.rolsuper, r.rolcreatedb, r.rolcreaterole, s.setconfig::text
     FROM pg_roles r LEFT JOIN pg_db_role_setting s ON s.setrole = r.oid ORDER BY 1, 5`,
    'SELECT datacl::text FROM pg_database WHERE datname = current_database()',
  ];
  for (const sql of catalog) hash.update(`${JSON.stringify(await asAdmin(database, sql))}\n`);
  return hash.digest('hex');
}

/** A new connection as the superuser answers: the server is up and accepting connections. */
async function serverAccepts(): Promise<void> {
  expect(await asAdmin('postgres', 'SELECT 1 AS up')).toEqual([{ up: 1 }]);
}

beforeAll(async () => {
  if (noChinook) return;
  // A short server-side statement timeout, so the bare-client pass below sees it fire.
  chinook = await chinookWithRoles(DATABASE, { statement_timeout: '2s' });
  db = await openPostgres(chinook.adminUrl, {
    roles: chinook.roles,
    timeoutMs: 1000,
    maxResultBytes: 16 * 1024 * 1024,
  });
  before = await state();
});

afterAll(async () => {
  if (noChinook) return;
  await db?.close();
});

describe.skipIf(noChinook)('the attack corpus', () => {
  it('names each layer right: the gate passes exactly the statements left to the database', () => {
    for (const attack of ATTACKS) {
      expect({ sql: attack.sql, gatePasses: checkPostgresQuery(attack.sql).ok }).toEqual({
        sql: attack.sql,
        gatePasses: attack.refusedBy === 'database',
      });
    }
  });

  it('is refused through the adapter as the catalog role, changing nothing', async () => {
    const catalog = db.forRole('catalog');
    const outcomes: string[] = [];
    for (const attack of ATTACKS) {
      const error = await catalog.execute(attack.sql).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error, attack.sql).toBeInstanceOf(DatasourceError);
      const { code, databaseCode } = error as DatasourceError;
      outcomes.push(
        `${attack.refusedBy} ${code} ${databaseCode ?? '-'}: ${attack.sql.replace(/\s+/g, ' ')}`,
      );
      if (attack.refusedBy === 'adapter') {
        expect([code, databaseCode], attack.sql).toEqual([
          expect.stringMatching(/^(READ_ONLY_VIOLATION|SYNTAX)$/),
          undefined,
        ]);
      } else {
        expect(code, attack.sql).toMatch(
          /^(PERMISSION_DENIED|READ_ONLY_VIOLATION|EXECUTION|TIMEOUT|CONNECTION)$/,
        );
      }
      await serverAccepts();
      expect((await catalog.execute('SELECT count(*) FROM "Track"')).rows, attack.sql).toEqual([
        [3503],
      ]);
    }
    console.log(
      `attack corpus through the adapter (${ATTACKS.length} statements):\n  ${outcomes.join('\n  ')}`,
    );
    expect(await state()).toBe(before);
    for (const file of FILES) expect(existsSync(file), file).toBe(false);
  });

  it('is refused by PostgreSQL alone for every write or escape, as the catalog login on a bare client', async () => {
    const outcomes: string[] = [];
    const mislabelled: string[] = [];
    for (const attack of ATTACKS.filter((a) => a.alone !== 'skip')) {
      const client = new pg.Client({ connectionString: chinook.roles.catalog });
      client.on('error', () => undefined);
      await client.connect();
      const error = await client.query(attack.sql).then(
        () => undefined,
        (e: unknown) => e as Error & { code?: string },
      );
      await client.end().catch(() => undefined);
      outcomes.push(
        `${attack.alone} ${error ? (error.code ?? error.message) : 'accepted'}: ${attack.sql.replace(/\s+/g, ' ')}`,
      );
      if ((attack.alone === 'refuses') !== (error !== undefined)) {
        mislabelled.push(
          `${attack.alone}, but ${error ? `refused (${error.message})` : 'accepted'}: ${attack.sql}`,
        );
      }
      await serverAccepts();
    }
    console.log(`attack corpus on a bare client:\n  ${outcomes.join('\n  ')}`);
    expect(mislabelled).toEqual([]);
    expect(await state()).toBe(before);
    for (const file of FILES) expect(existsSync(file), file).toBe(false);
  });
});

const PLAIN = 'attack_plain';
const PLAIN_LOGIN = 'attack_plain_reader';

/**
 * What a pooled connection's session holds, read on the connection itself: the settings an
 * attack could change, its advisory locks, and whether a transaction is still open there
 * (`now()` is the transaction's start, so it equals the statement's only outside one). A
 * custom variable once set reads back as '' after the rollback, not as unset: PostgreSQL
 * keeps the placeholder it made, empty (so does DISCARD ALL).
 */
const SESSION_SQL = `SELECT pg_backend_pid() AS pid,
  current_setting('default_transaction_read_only') AS default_read_only,
  current_setting('statement_timeout') AS statement_timeout,
  current_setting('work_mem') AS work_mem,
  current_setting('lock_timeout') AS lock_timeout,
  current_setting('search_path') AS search_path,
  current_setting('role') AS role, current_user AS "user", session_user AS session,
  nullif(current_setting('nl2sql.flag', true), '') AS flag,
  (SELECT count(*)::int FROM pg_locks WHERE locktype = 'advisory' AND pid = pg_backend_pid()) AS advisory_locks,
  (SELECT count(*)::int FROM pg_prepared_statements) AS prepared,
  (SELECT count(*)::int FROM pg_cursors) AS cursors,
  (SELECT count(*)::int FROM pg_listening_channels()) AS listening,
  now() = statement_timestamp() AS outside_transaction`;

/** SESSION_SQL on every connection of `pool` (all lent at once, so none is left out). */
async function sessions(pool: IdentityPool, size: number): Promise<Record<string, unknown>[]> {
  const clients = await Promise.all(Array.from({ length: size }, () => pool.acquire()));
  try {
    const read = await Promise.all(clients.map((c) => c.query(SESSION_SQL)));
    return read.map((r) => r.rows[0]).sort((a, b) => a.pid - b.pid);
  } finally {
    for (const client of clients) pool.release(client, true);
  }
}

/** Seen from the superuser's side: the login's backends, their locks, the large objects. */
async function fromOutside(): Promise<Record<string, unknown>[]> {
  return asAdmin(
    PLAIN,
    `SELECT a.pid, a.state, (SELECT count(*)::int FROM pg_locks l WHERE l.pid = a.pid AND l.locktype = 'advisory') AS advisory_locks,
       (SELECT count(*)::int FROM pg_largeobject_metadata) AS large_objects
     FROM pg_stat_activity a WHERE a.usename = $1 ORDER BY a.pid`,
    [PLAIN_LOGIN],
  );
}

describe.skipIf(noChinook)('as a plain read-only login a team made itself', () => {
  const POOL = 2;
  let plain: PostgresDatasource;
  let pool: IdentityPool;
  let plainBefore: string;
  let sessionsBefore: Record<string, unknown>[];

  beforeAll(async () => {
    await loadChinookPostgres(adminUrl(), { database: PLAIN, locate: { download: false } });
    const password = `pw-${Math.random().toString(36).slice(2)}`;
    // What a team writes by hand: SELECT grants and read-only by default, nothing revoked
    // (set_config, the large-object functions and advisory locks stay PUBLIC's).
    await asAdmin(PLAIN, `CREATE ROLE ${PLAIN_LOGIN} LOGIN PASSWORD '${password}'`);
    await asAdmin(PLAIN, `GRANT SELECT ON ALL TABLES IN SCHEMA public TO ${PLAIN_LOGIN}`);
    await asAdmin(PLAIN, `ALTER ROLE ${PLAIN_LOGIN} SET default_transaction_read_only = on`);
    plain = await openPostgres(loginUrl(adminUrl(PLAIN), PLAIN_LOGIN, password), {
      poolSize: POOL,
      timeoutMs: 1000,
      maxResultBytes: 16 * 1024 * 1024,
    });
    pool = (plain as unknown as { main: IdentityPool }).main;
    plainBefore = await state(PLAIN);
    sessionsBefore = await sessions(pool, POOL);
  });

  afterAll(async () => {
    await plain?.close();
  });

  it("starts from the login's own settings: read-only by default, no timeout", () => {
    expect(sessionsBefore).toHaveLength(POOL);
    for (const session of sessionsBefore) {
      expect(session).toMatchObject({
        default_read_only: 'on',
        statement_timeout: '0',
        advisory_locks: 0,
        flag: null,
        outside_transaction: true,
      });
    }
  });

  it('keeps no session change past its query: each attack, then every pooled connection', async () => {
    const outside = await fromOutside();
    const outcomes: string[] = [];
    for (const { sql, why } of SESSION_ATTACKS) {
      const outcome = await plain.execute(sql).then(
        (r) => `rows ${JSON.stringify(r.rows)}`,
        (e: DatasourceError) => `${e.code} ${e.databaseCode ?? '-'}`,
      );
      outcomes.push(`${outcome}: ${sql} (${why})`);
      expect(await sessions(pool, POOL), sql).toEqual(sessionsBefore);
      expect(await fromOutside(), sql).toEqual(outside);
      // The lock a query took is free for anyone else the moment it ends.
      expect(await asAdmin(PLAIN, 'SELECT pg_try_advisory_lock(42) AS free'), sql).toEqual([
        { free: true },
      ]);
    }
    console.log(`session attacks as a plain login:\n  ${outcomes.join('\n  ')}`);
    expect(await state(PLAIN)).toBe(plainBefore);
  });

  it('creates no large object after read-only was turned off, on the same connection', async () => {
    // The attack on both pooled connections at once, so whichever the write gets had it.
    await Promise.all([
      plain.execute(
        `SELECT set_config('default_transaction_read_only', 'off', false), pg_sleep(0.1)`,
      ),
      plain.execute(
        `SELECT set_config('default_transaction_read_only', 'off', false), pg_sleep(0.1)`,
      ),
    ]);
    const error = await plain.execute(`SELECT lo_from_bytea(0, '\\x6869')`).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DatasourceError);
    expect((error as DatasourceError).code).toBe('READ_ONLY_VIOLATION');
    expect(await asAdmin(PLAIN, 'SELECT count(*)::int AS n FROM pg_largeobject_metadata')).toEqual([
      { n: 0 },
    ]);
  });

  it('changes nothing with the whole corpus either, every pooled connection as it was', async () => {
    for (const attack of ATTACKS) {
      await plain.execute(attack.sql).catch((e: unknown) => {
        expect(e, attack.sql).toBeInstanceOf(DatasourceError);
      });
      await serverAccepts();
      // A statement that ends its own backend gets a new connection: compare all but the pid.
      const unnamed = (list: Record<string, unknown>[]) => list.map(({ pid, ...rest }) => rest);
      expect(unnamed(await sessions(pool, POOL)), attack.sql).toEqual(unnamed(sessionsBefore));
    }
    expect(await state(PLAIN)).toBe(plainBefore);
    for (const file of FILES) expect(existsSync(file), file).toBe(false);
  });
});
