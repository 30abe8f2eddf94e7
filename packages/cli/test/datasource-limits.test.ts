import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatasourceError } from '@nl2sql/datasource';
import { openSqlite, type SqliteDatasource } from '@nl2sql/datasource-sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withLimits } from '../src/project/datasource-limits.js';
import { writeDatabase } from './sqlite-file.js';

let db: SqliteDatasource;
beforeAll(async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'limits-')), 'n.sqlite');
  await writeDatabase(file, [
    'CREATE TABLE n (i INTEGER)',
    'INSERT INTO n VALUES (1), (2), (3), (4), (5)',
  ]);
  db = await openSqlite(file);
});
afterAll(() => db?.close());

describe('withLimits', () => {
  it("keeps a datasource's role logins, each held to the same limits", async () => {
    // The shape of a PostgreSQL datasource with a login per role, over the same file.
    const asked: string[] = [];
    const perRole = {
      ...db,
      engine: db.engine,
      execute: db.execute.bind(db),
      introspect: db.introspect.bind(db),
      fingerprint: db.fingerprint.bind(db),
      close: async () => undefined,
      roles: ['sales'],
      forRole: (role: string) => {
        asked.push(role);
        return { ...perRole, roles: [] };
      },
    };
    const capped = withLimits(perRole, { maxRows: 2 });
    expect(capped.roles).toEqual(['sales']);
    const sales = capped.forRole!('sales');
    expect(asked).toEqual(['sales']);
    const rows = await sales.execute('SELECT i FROM n ORDER BY i', { maxRows: 1000 });
    expect(rows).toMatchObject({ rows: [[1], [2]], truncated: true });
  });

  it("lowers a caller's row cap to the datasource's max_rows, never raises it", async () => {
    const capped = withLimits(db, { maxRows: 2 });
    const many = await capped.execute('SELECT i FROM n ORDER BY i', { maxRows: 1000 });
    expect(many).toMatchObject({ rows: [[1], [2]], truncated: true });
    const fewer = await capped.execute('SELECT i FROM n ORDER BY i', { maxRows: 1 });
    expect(fewer).toMatchObject({ rows: [[1]], truncated: true });
    const unasked = await capped.execute('SELECT i FROM n ORDER BY i');
    expect(unasked.rows).toHaveLength(2);
  });

  it("lowers a caller's timeout to the datasource's timeout_ms: a long query is a TIMEOUT", async () => {
    const capped = withLimits(db, { timeoutMs: 50 });
    const forever =
      'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 1000000000) SELECT count(*) FROM c';
    const error = await capped.execute(forever, { timeoutMs: 60_000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DatasourceError);
    expect(error).toMatchObject({ code: 'TIMEOUT' });
  });

  it('is the datasource itself when evals.yaml sets no limit, and keeps the file it reads', () => {
    expect(withLimits(db, {})).toBe(db);
    expect(withLimits(db, { maxRows: 3 }).file).toBe(db.file);
  });
});
