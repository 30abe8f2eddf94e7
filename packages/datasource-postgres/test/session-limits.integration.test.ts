// The limits each query's transaction sets for itself, seen from inside the query, for a
// plain login (no settings of its own, no right to change temp_file_limit), the same login
// once granted that right, and the superuser.
import { DatasourceError } from '@nl2sql/datasource';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type PostgresDatasource } from '../src/postgres-datasource.js';
import { adminUrl, asAdmin, freshDatabase, loginUrl } from './fixture.js';

const DATABASE = 'session_limits';
const LOGIN = 'session_limits_plain';
const SHOW = `SELECT current_setting('statement_timeout') AS st, current_setting('work_mem') AS wm,
  current_setting('temp_file_limit') AS tf, current_setting('transaction_read_only') AS ro`;
/** A sort of about 60 MB of text: past 1 MB of work_mem it spills to temporary files. */
const BIG_SORT = `SELECT count(*) FROM (SELECT md5(i::text) || md5((i + 1)::text) AS v
  FROM generate_series(1, 800000) i ORDER BY 1) s`;

let plainUrl: string;
const opened: PostgresDatasource[] = [];
async function open(url: string, options: Parameters<typeof openPostgres>[1] = {}) {
  const db = await openPostgres(url, { poolSize: 1, ...options });
  opened.push(db);
  return db;
}

beforeAll(async () => {
  await freshDatabase(DATABASE);
  const password = `pw-${Math.random().toString(36).slice(2)}`;
  await asAdmin(DATABASE, `DROP ROLE IF EXISTS ${LOGIN}`);
  await asAdmin(DATABASE, `CREATE ROLE ${LOGIN} LOGIN PASSWORD '${password}'`);
  plainUrl = loginUrl(adminUrl(DATABASE), LOGIN, password);
});

afterAll(async () => {
  await Promise.all(opened.map((db) => db.close()));
});

describe('each query sets its own limits', () => {
  it("for a plain login: the deadline, work_mem, read-only; temp_file_limit stays the login's", async () => {
    const db = await open(plainUrl, { timeoutMs: 1500 });
    expect((await db.execute(SHOW)).rows).toEqual([['1500ms', '4MB', '-1', 'on']]);
    const lower = await open(plainUrl, { workMem: '1MB' });
    expect((await lower.execute(SHOW)).rows).toEqual([['5s', '1MB', '-1', 'on']]);
  });

  it('for a login granted SET on temp_file_limit, and for the superuser: temp_file_limit too', async () => {
    await asAdmin(DATABASE, `GRANT SET ON PARAMETER temp_file_limit TO ${LOGIN}`);
    try {
      const granted = await open(plainUrl, { tempFileLimit: '2MB' });
      expect((await granted.execute(SHOW)).rows).toEqual([['5s', '4MB', '2MB', 'on']]);
    } finally {
      await asAdmin(DATABASE, `REVOKE SET ON PARAMETER temp_file_limit FROM ${LOGIN}`);
    }
    const admin = await open(adminUrl(DATABASE));
    expect((await admin.execute(SHOW)).rows).toEqual([['5s', '4MB', '256MB', 'on']]);
  });

  it('says so when its own setup fails (a privilege lost since open), then reads the login again', async () => {
    await asAdmin(DATABASE, `GRANT SET ON PARAMETER temp_file_limit TO ${LOGIN}`);
    const db = await open(plainUrl, { tempFileLimit: '2MB' });
    await asAdmin(DATABASE, `REVOKE SET ON PARAMETER temp_file_limit FROM ${LOGIN}`);
    const error = await db.execute(SHOW).then(
      () => undefined,
      (e: unknown) => e as DatasourceError,
    );
    expect(error?.code).toBe('CONNECTION');
    expect(error?.message).toMatch(/read-only transaction could not be set up .*temp_file_limit/);
    expect((await db.execute(SHOW)).rows).toEqual([['5s', '4MB', '-1', 'on']]);
  });

  it('stops a statement whose temporary files pass the limit, and the connection goes on', async () => {
    const admin = await open(adminUrl(DATABASE), {
      workMem: '1MB',
      tempFileLimit: '1MB',
      timeoutMs: 30_000,
    });
    const error = await admin.execute(BIG_SORT).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DatasourceError);
    expect((error as DatasourceError).databaseCode).toBe('53400');
    expect((error as DatasourceError).message).toMatch(/temp_file_limit/);
    expect((await admin.execute(SHOW)).rows).toEqual([['30s', '1MB', '1MB', 'on']]);
  });

  it("keeps the login's own limits where they are lower", async () => {
    await asAdmin(DATABASE, `ALTER ROLE ${LOGIN} SET statement_timeout = '700ms'`);
    await asAdmin(DATABASE, `ALTER ROLE ${LOGIN} SET work_mem = '256kB'`);
    try {
      const db = await open(plainUrl, { timeoutMs: 60_000 });
      expect((await db.execute(SHOW)).rows).toEqual([['700ms', '256kB', '-1', 'on']]);
      const error = await db.execute('SELECT pg_sleep(5)').then(
        () => undefined,
        (e: unknown) => e as DatasourceError,
      );
      expect(error?.code).toBe('TIMEOUT');
    } finally {
      await asAdmin(DATABASE, `ALTER ROLE ${LOGIN} RESET ALL`);
    }
  });

  it('closes a connection it cannot reset instead of lending it again, and still answers', async () => {
    // A login that may not call pg_advisory_unlock_all: the statement after the rollback
    // fails, so does the reset; the connection is closed and the next query gets a new one.
    await asAdmin(DATABASE, 'REVOKE EXECUTE ON FUNCTION pg_advisory_unlock_all() FROM PUBLIC');
    try {
      const db = await open(plainUrl);
      const pids = new Set<unknown>();
      for (let round = 0; round < 3; round += 1) {
        const { rows } = await db.execute('SELECT pg_backend_pid(), pg_try_advisory_lock(7)');
        expect(rows[0]![1]).toBe(1);
        pids.add(rows[0]![0]);
      }
      expect(pids.size).toBe(3);
      // A closed connection's backend ends (and drops its locks) once the server sees the
      // socket close: wait for that, up to 5 s.
      let held: unknown[] = [];
      for (let wait = 0; wait < 50; wait += 1) {
        held = await asAdmin(
          DATABASE,
          "SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory'",
        );
        if ((held[0] as { n: number }).n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(held).toEqual([{ n: 0 }]);
    } finally {
      await asAdmin(DATABASE, 'GRANT EXECUTE ON FUNCTION pg_advisory_unlock_all() TO PUBLIC');
    }
  });

  it('refuses a memory option that is not a size', async () => {
    await expect(openPostgres(plainUrl, { workMem: '16' })).rejects.toThrow(
      /workMem must be a size/,
    );
  });
});
