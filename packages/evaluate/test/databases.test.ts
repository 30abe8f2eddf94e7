// startDatabase() and grantRoles() on real databases: a DuckDB copy of Chinook, the grants
// of the Chinook policy, and an embedded PostgreSQL on 127.0.0.1 whose role logins read
// exactly their tables (skipped, with the reason printed, where no server can start).
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CHINOOK_POLICIES, CHINOOK_SUITE_PATH, chinookForTests } from '@nl2sql/datasets';
import { openDuckdb } from '@nl2sql/datasource-duckdb';
import { openPostgres, postgresForTests } from '@nl2sql/datasource-postgres';
import { describe, expect, test } from 'vitest';
import { EXIT, grantRoles, startDatabase } from '../src/index.js';
import { captureIo } from './capture-io.js';

const chinook = await chinookForTests();
const probe = chinook.path === undefined ? undefined : await postgresForTests();
await probe?.server?.stop();

describe('startDatabase()', () => {
  test.skipIf(!chinook.path)(
    'engine duckdb writes a checked copy and returns its tables',
    async () => {
      const c = captureIo();
      const written = await startDatabase(
        { dataset: 'chinook', engine: 'duckdb', out: 'c.duckdb' },
        c.io,
      );
      expect(written.engine).toBe('duckdb');
      if (written.engine !== 'duckdb') return;
      expect(written.exitCode).toBe(EXIT.ok);
      expect(written.file).toBe(join(c.cwd, 'c.duckdb'));
      expect(written.tables).toHaveLength(11);
      expect(written.fingerprint.copy).toBe(written.fingerprint.source);
      const duckdb = await openDuckdb(written.file);
      try {
        const invoices = written.tables.find((t) => t.name === 'Invoice')?.rows;
        expect((await duckdb.execute('SELECT count(*) FROM "Invoice"')).rows).toEqual([[invoices]]);
      } finally {
        await duckdb.close();
      }
      expect(c.out()).toContain(`fingerprint: ${written.fingerprint.copy}`);
    },
    60_000,
  );

  test.skipIf(!probe?.server)(
    'engine postgres starts a server with one login per role, and stop() removes it',
    async () => {
      const c = captureIo();
      const server = await startDatabase({ dataset: 'chinook' }, c.io);
      if (server.engine === 'duckdb') throw new Error('a server was asked for');
      try {
        expect(server.url).toMatch(/^postgres:\/\/postgres:[^@]+@127\.0\.0\.1:\d+\/chinook$/);
        expect(Object.keys(server.roles)).toEqual(Object.keys(CHINOOK_POLICIES.roles));
        expect(c.out()).toContain(`url: ${server.url}`);
        const catalog = await openPostgres(server.roles.catalog!);
        try {
          await expect(catalog.execute('SELECT * FROM "Invoice"')).rejects.toMatchObject({
            code: 'PERMISSION_DENIED',
          });
        } finally {
          await catalog.close();
        }
        expect(existsSync(server.dataDir)).toBe(true);
      } finally {
        await server.stop();
      }
      expect(existsSync(server.dataDir)).toBe(false);
    },
    120_000,
  );
});

describe('grantRoles()', () => {
  test('prints the grants of the Chinook policy for MySQL and PostgreSQL', async () => {
    const c = captureIo();
    const mysql = await grantRoles({ engine: 'mysql', database: 'shop' }, c.io);
    expect(mysql).toMatchObject({ exitCode: EXIT.ok, applied: false, database: 'shop' });
    expect(mysql.roles).toEqual(Object.keys(CHINOOK_POLICIES.roles));
    expect(c.out()).toBe(mysql.sql);
    for (const role of mysql.roles) expect(mysql.sql).toContain(`'shop_${role}'@'%'`);
    const postgres = await grantRoles({}, c.io);
    expect(postgres.database).toBe('chinook');
    expect(postgres.sql).toContain('CREATE ROLE');
  });

  test("a project's role logins are named, their passwords never printed", async () => {
    const c = captureIo();
    const roles = Object.keys(CHINOOK_POLICIES.roles);
    const policy = Object.entries(CHINOOK_POLICIES.roles)
      .map(([role, { tables }]) => `    ${role}:\n      tables: [${tables.join(', ')}]`)
      .join('\n');
    const logins = roles
      .map(
        (role) => `      ${role}: postgres://evals_${role}:secret-${role}-pw@127.0.0.1:5432/music`,
      )
      .join('\n');
    writeFileSync(
      join(c.cwd, 'evals.yaml'),
      `version: 1\ndatasources:\n  chinook:\n    engine: postgres\n    url: postgres://admin:admin-pw@127.0.0.1:5432/music\n    roles:\n${logins}\npolicy:\n  roles:\n${policy}\nsuites: [${CHINOOK_SUITE_PATH}]\n`,
    );
    const result = await grantRoles({ policy: 'evals.yaml' }, c.io);
    expect(result.database).toBe('music');
    for (const role of roles) expect(result.sql).toContain(`evals_${role}`);
    expect(result.sql).not.toContain('-pw');
  });
});
