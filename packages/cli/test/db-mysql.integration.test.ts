// biome-ignore-all lint/suspicious/noTemplateCurlyInString: evals.yaml text holding ${env:VAR} references
// `nl2sql db grants --engine mysql`: printed for review without a server, and applied from an
// evals.yaml's mysql datasource to a private MariaDB with Chinook, after which each role's
// login reads exactly its tables. Skips with the reason printed where no MariaDB can start
// (never under CI, which installs mariadb-server).
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHINOOK_POLICIES } from '@nl2sql/datasets';
import { loadChinookMysql, mariadbForTests, openMysql } from '@nl2sql/datasource-mysql';
import { afterAll, describe, expect, it } from 'vitest';
import { EXIT, main } from '../src/index.js';
import { chinookMysqlScript } from './chinook-mysql-script.js';
import { captureIo } from './io-capture.js';

const { server } = await mariadbForTests();
const script = server ? await chinookMysqlScript() : null;

afterAll(async () => {
  await server?.stop();
});

describe('db grants --engine mysql', () => {
  it('prints one login per Chinook role with SELECT on exactly its tables, and no password', async () => {
    const captured = captureIo();
    expect(await main(['db', 'grants', '--engine', 'mysql'], captured.io)).toBe(EXIT.ok);
    const out = captured.out();
    expect(out).toContain("CREATE USER IF NOT EXISTS 'chinook_catalog'@'%';");
    expect(out).toContain("REVOKE ALL PRIVILEGES, GRANT OPTION FROM 'chinook_catalog'@'%';");
    expect(out).toContain("GRANT SELECT ON `chinook`.`Track` TO 'chinook_catalog'@'%';");
    expect(out).not.toContain("GRANT SELECT ON `chinook`.`Employee` TO 'chinook_catalog'");
    expect(out).not.toMatch(/^ALTER USER .* IDENTIFIED BY /m);
  });

  it('refuses a postgres:// --apply URL for --engine mysql (exit 3)', async () => {
    const captured = captureIo();
    const code = await main(
      ['db', 'grants', '--engine', 'mysql', '--apply', 'postgres://a:secret-pw@h/d'],
      captured.io,
    );
    expect(code).toBe(EXIT.config);
    expect(captured.err()).toContain('--apply must be a mysql:// URL');
    expect(captured.err()).not.toContain('secret-pw');
  });

  it.skipIf(!server || !script)(
    'applies the grants of an evals.yaml with its role passwords',
    async () => {
      const loaded = await loadChinookMysql(server!.url(), { script: script! });
      const dir = await mkdtemp(join(tmpdir(), 'nl2sql-mysql-grants-'));
      const roleUrl = (role: string) =>
        loaded.url.replace(/\/\/[^@]*@/, `//cli_${role}:${role}-pw-9@`);
      const env = Object.fromEntries(
        Object.keys(CHINOOK_POLICIES.roles).map((role) => [
          `${role.toUpperCase()}_URL`,
          roleUrl(role),
        ]),
      );
      const roles = Object.keys(CHINOOK_POLICIES.roles)
        .map((role) => `      ${role}: \${env:${role.toUpperCase()}_URL}`)
        .join('\n');
      const policy = Object.entries(CHINOOK_POLICIES.roles)
        .map(([role, { tables }]) => `    ${role}: { tables: [${tables.join(', ')}] }`)
        .join('\n');
      await writeFile(
        join(dir, 'evals.yaml'),
        `version: 1\ndatasources:\n  chinook:\n    engine: mysql\n    url: \${env:OWNER_URL}\n    roles:\n${roles}\npolicy:\n  roles:\n${policy}\nsuites: [suite.yaml]\n`,
      );
      const captured = captureIo({ cwd: dir, env: { ...env, OWNER_URL: loaded.url } });
      const code = await main(
        ['db', 'grants', '--engine', 'mysql', '--policy', 'evals.yaml', '--apply', server!.url()],
        captured.io,
      );
      expect(captured.err()).toContain('granted 3 role(s)');
      expect(code).toBe(EXIT.ok);
      expect(captured.err()).not.toContain('-pw-9');
      const db = await openMysql(loaded.url, {
        roles: { catalog: roleUrl('catalog'), sales: roleUrl('sales') },
      });
      try {
        expect((await db.forRole('catalog').execute('SELECT COUNT(*) FROM Track')).rows).toEqual([
          [3503],
        ]);
        await expect(db.forRole('catalog').execute('SELECT * FROM Invoice')).rejects.toMatchObject({
          code: 'PERMISSION_DENIED',
        });
        expect((await db.forRole('sales').execute('SELECT COUNT(*) FROM Invoice')).rows).toEqual([
          [412],
        ]);
      } finally {
        await db.close();
      }
    },
  );
});
