// Issue 31: the red-team corpus on each real database. For every engine the project names
// (SQLite, embedded PostgreSQL, a private MariaDB, DuckDB), each attack is refused by the
// static check in that dialect, and then sent past the check straight to the adapter as the
// `catalog` role's login where the engine has logins (the adapter's own walls and the
// database's grants are the boundary): whatever it answers, every Chinook table holds the
// same rows afterwards. Servers that cannot start here skip with the reason printed (never
// under CI, which installs them).
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CHINOOK_POLICIES,
  CHINOOK_TABLES,
  chinookForTests,
  loadChinookPostgres,
  locateChinookMysql,
} from '@nl2sql/datasets';
import { type Datasource, toJsonCell } from '@nl2sql/datasource';
import { openDuckdb, writeDuckdbCopy } from '@nl2sql/datasource-duckdb';
import {
  applyMysqlGrants,
  loadChinookMysql,
  mariadbForTests,
  mysqlGrantsSql,
  openMysql,
} from '@nl2sql/datasource-mysql';
import { openPostgres, postgresForTests } from '@nl2sql/datasource-postgres';
import { openSqlite } from '@nl2sql/datasource-sqlite';
import { checkSafety, type SqlDialect } from '@nl2sql/sqlcheck';
import { afterAll, describe, expect, it } from 'vitest';
import { ENGINE_ATTACKS } from './fixtures/engine-attacks.js';

const chinook = await chinookForTests();
const pg = chinook.path === undefined ? undefined : await postgresForTests();
const maria = chinook.path === undefined ? undefined : await mariadbForTests();
const scratch = await mkdtemp(join(tmpdir(), 'nl2sql-attacks-'));

afterAll(async () => {
  await pg?.server?.stop();
  await maria?.server?.stop();
  await rm(scratch, { recursive: true, force: true });
});

/** SHA-256 of every Chinook table's rows in a fixed order, read by `owner`. */
async function digest(owner: Datasource, quote: (name: string) => string): Promise<string> {
  const hash = createHash('sha256');
  for (const table of CHINOOK_TABLES) {
    const { rows } = await owner.execute(`SELECT * FROM ${quote(table)}`, {
      maxRows: Number.POSITIVE_INFINITY,
      timeoutMs: 60_000,
    });
    const lines = rows.map((row) => JSON.stringify(row.map((c) => toJsonCell(c)))).sort();
    hash.update(`${table}\n${lines.join('\n')}\n`);
  }
  const schema = await owner.introspect({ rowCounts: false });
  hash.update(
    schema.tables
      .map((t) => t.name)
      .sort()
      .join(','),
  );
  return hash.digest('hex');
}

async function holds(
  dialect: SqlDialect,
  owner: Datasource,
  attacker: Datasource,
  quote: (name: string) => string,
): Promise<void> {
  const before = await digest(owner, quote);
  const passedL3: string[] = [];
  for (const sql of ENGINE_ATTACKS[dialect]) {
    const verdict = await checkSafety(sql, { dialect });
    if (verdict.pass) passedL3.push(sql);
    // Past the check: the adapter and the database must hold on their own.
    await attacker.execute(sql, { timeoutMs: 5_000 }).catch(() => undefined);
  }
  expect(passedL3).toEqual([]);
  expect(await digest(owner, quote)).toBe(before);
}

const doubleQuoted = (name: string) => `"${name}"`;

describe.skipIf(chinook.path === undefined)('the attack corpus on real databases', () => {
  it('SQLite: refused by L3, and the data unchanged past it', async () => {
    const db = await openSqlite(chinook.path!);
    try {
      await holds('sqlite', db, db, doubleQuoted);
    } finally {
      await db.close();
    }
  });

  it('DuckDB: refused by L3, and the data unchanged past it', async () => {
    const sqlite = await openSqlite(chinook.path!);
    const file = join(scratch, 'chinook.duckdb');
    try {
      await writeDuckdbCopy(sqlite, file);
    } finally {
      await sqlite.close();
    }
    const db = await openDuckdb(file);
    try {
      await holds('duckdb', db, db, doubleQuoted);
    } finally {
      await db.close();
    }
  });

  it.skipIf(!pg?.server)(
    'PostgreSQL: refused by L3, and the data unchanged past it',
    async () => {
      const loaded = await loadChinookPostgres(pg!.server!.url(), {
        database: 'chinook_attacks',
        locate: { download: false },
      });
      const db = await openPostgres(loaded.url);
      try {
        await holds('postgres', db, db, doubleQuoted);
      } finally {
        await db.close();
      }
    },
    120_000,
  );

  it.skipIf(!maria?.server)(
    'MariaDB: refused by L3, and the data unchanged past it as the catalog login',
    async () => {
      const server = maria!.server!;
      const script = await locateChinookMysql({ download: false });
      const loaded = await loadChinookMysql(server.url(), { script, database: 'chinook' });
      const password = 'attack-catalog-pw';
      await applyMysqlGrants(
        loaded.url,
        mysqlGrantsSql(CHINOOK_POLICIES, {
          database: 'chinook',
          roles: { catalog: { login: 'attack_catalog', password } },
          host: '127.0.0.1',
        }),
      );
      const role = new URL(loaded.url);
      role.username = 'attack_catalog';
      role.password = password;
      const db = await openMysql(loaded.url, { roles: { catalog: role.toString() } });
      try {
        await holds('mysql', db, db.forRole('catalog'), (name) => `\`${name}\``);
      } finally {
        await db.close();
      }
    },
    120_000,
  );
});
