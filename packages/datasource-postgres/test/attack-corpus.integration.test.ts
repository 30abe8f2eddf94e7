// The database as the second layer: the attack corpus through the adapter (the static SQL
// check is not involved: the adapter never calls it) as a login of the `catalog` role on
// Chinook loaded with the generated grants, then through a bare client as the same login.
// Every statement is refused, the data and catalog are unchanged, and the server keeps
// accepting connections after every statement.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { CHINOOK_TABLES } from '@nl2sql/datasets';
import { DatasourceError } from '@nl2sql/datasource';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type PostgresDatasource } from '../src/postgres-datasource.js';
import { checkPostgresQuery } from '../src/postgres-query-check.js';
import { ATTACKS } from './attack-corpus.js';
import { asAdmin, type ChinookWithRoles, chinookWithRoles, noChinook } from './fixture.js';

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
async function state(): Promise<string> {
  const hash = createHash('sha256');
  for (const table of CHINOOK_TABLES) {
    const rows = await asAdmin(DATABASE, `SELECT * FROM "${table}" ORDER BY 1, 2`);
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
  for (const sql of catalog) hash.update(`${JSON.stringify(await asAdmin(DATABASE, sql))}\n`);
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
