// Bad input and a server that goes away, on a server of this file's own (halted and resumed).
import { inspect } from 'node:util';
import { DatasourceError } from '@nl2sql/datasource';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddedPostgres, startEmbeddedPostgres } from '../src/embedded-server.js';
import { openPostgres } from '../src/postgres-datasource.js';

let server: EmbeddedPostgres;

beforeAll(async () => {
  server = await startEmbeddedPostgres();
  const client = new pg.Client({ connectionString: server.url() });
  await client.connect();
  await client.query(
    "CREATE ROLE reader LOGIN PASSWORD 'reader-pw-5521'; CREATE TABLE t (x int); INSERT INTO t VALUES (1); GRANT SELECT ON t TO reader",
  );
  await client.end();
});

afterAll(async () => {
  await server?.stop();
});

async function failure(pending: Promise<unknown>): Promise<DatasourceError> {
  const error = await pending.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DatasourceError);
  return error as DatasourceError;
}

/** The error as a person or a log would see it, in full: it must not hold `secret`. */
function expectNoSecret(error: DatasourceError, secret: string): void {
  expect(error.message).not.toContain('\n');
  expect(inspect(error, { depth: 10 })).not.toContain(secret);
  expect(JSON.stringify({ ...error, message: error.message })).not.toContain(secret);
}

describe('bad input: one line, CONNECTION, never the password', () => {
  it('a URL that does not parse or is not postgres://', async () => {
    for (const url of [
      'postgres//admin:hunter2-pw@host/db',
      'mysql://admin:hunter2-pw@host/db',
      'hunter2-pw',
    ]) {
      const error = await failure(openPostgres(url));
      expect(error.code).toBe('CONNECTION');
      expectNoSecret(error, 'hunter2-pw');
    }
  });

  it('a refused password, for the URL and for a role', async () => {
    const wrong = new URL(server.url());
    wrong.password = 'refused-pw-0912';
    const error = await failure(openPostgres(wrong.toString()));
    expect(error.code).toBe('CONNECTION');
    expect(error.message).toBe(
      `PostgreSQL postgres@127.0.0.1:${server.port}/postgres: password authentication failed for user "postgres"`,
    );
    expectNoSecret(error, 'refused-pw-0912');
    const role = new URL(server.url());
    role.username = 'reader';
    role.password = 'also-refused-8841';
    const roleError = await failure(
      openPostgres(server.url(), { roles: { sales: role.toString() } }),
    );
    expect(roleError.message).toContain(
      '(role sales): password authentication failed for user "reader"',
    );
    expectNoSecret(roleError, 'also-refused-8841');
    expectNoSecret(roleError, server.password);
  });

  it('a database that does not exist', async () => {
    const error = await failure(openPostgres(server.url('nowhere')));
    expect(error).toMatchObject({ code: 'CONNECTION', databaseCode: '3D000' });
    expectNoSecret(error, server.password);
  });

  it('a server that is down', async () => {
    const url = new URL(server.url());
    url.port = '1'; // nothing listens on port 1
    const error = await failure(openPostgres(url.toString(), { connectTimeoutMs: 3000 }));
    expect(error.code).toBe('CONNECTION');
    expect(error.message).toMatch(/ECONNREFUSED/);
    expectNoSecret(error, server.password);
  });
});

describe('the server going away mid-run', () => {
  it('ends the queries in flight with CONNECTION, refuses asks while down, and works again when back', async () => {
    const db = await openPostgres(server.url(), { poolSize: 3, connectTimeoutMs: 2000 });
    try {
      expect((await db.execute('SELECT x FROM t')).rows).toEqual([[1]]);
      const inFlight = [1, 2, 3].map(() =>
        failure(db.execute('SELECT pg_sleep(20)', { timeoutMs: 60_000 })),
      );
      await new Promise((r) => setTimeout(r, 300));
      await server.halt();
      for (const error of await Promise.all(inFlight)) {
        expect(error.code).toBe('CONNECTION');
        expectNoSecret(error, server.password);
      }
      const down = await failure(db.execute('SELECT 1'));
      expect(down.code).toBe('CONNECTION');
      await server.resume();
      expect((await db.execute('SELECT x FROM t')).rows).toEqual([[1]]);
      const all = await Promise.all([1, 2, 3].map((n) => db.execute(`SELECT ${n}`)));
      expect(all.map((r) => r.rows[0]![0])).toEqual([1, 2, 3]);
    } finally {
      await db.close();
      await server.resume();
    }
  });
});
