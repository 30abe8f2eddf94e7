// A server that goes away under an open datasource: asks fail with CONNECTION, naming the
// login and never the password, and the process does not crash. A server of its own (the
// shared one stays up for the other files).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MariadbServer } from '../src/mariadb-server.js';
import { openMysql } from '../src/mysql-datasource.js';
import { mariadbForTests } from '../src/mysql-for-tests.js';
import { noServer } from './fixture.js';

let server: MariadbServer | undefined;

beforeAll(async () => {
  if (noServer) return;
  server = (await mariadbForTests()).server;
});

afterAll(async () => {
  await server?.stop();
});

describe.skipIf(noServer)('a server that goes away', () => {
  it('fails asks with CONNECTION, one line without the password, and refuses a wrong password at open', async () => {
    const url = server!.url('mysql');
    const wrong = new URL(url);
    wrong.password = 'definitely-wrong-pw-42';
    const refused = (await openMysql(wrong.toString()).then(
      () => new Error('opened'),
      (e: unknown) => e,
    )) as Error & { code?: string };
    expect(refused).toMatchObject({ code: 'CONNECTION' });
    expect(refused.message).not.toContain('definitely-wrong-pw-42');
    expect(refused.message).toContain('MySQL root@127.0.0.1');

    const db = await openMysql(url, { poolSize: 2, connectTimeoutMs: 3000 });
    try {
      expect((await db.execute('SELECT 1')).rows).toEqual([[1]]);
      await server!.stop();
      server = undefined;
      for (let i = 0; i < 2; i += 1) {
        const error = (await db.execute('SELECT 1').then(
          () => new Error('answered'),
          (e: unknown) => e,
        )) as Error & { code?: string };
        expect(error).toMatchObject({ code: 'CONNECTION' });
        expect(error.message).not.toContain('\n');
        expect(error.message).not.toContain(new URL(url).password);
      }
    } finally {
      await db.close();
    }
  });
});
