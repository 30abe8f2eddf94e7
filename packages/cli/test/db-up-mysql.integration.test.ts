import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { mariadbForTests, openMysql } from '@nl2sql/datasource-mysql';
import { describe, expect, it } from 'vitest';
import { chinookMysqlScript } from './chinook-mysql-script.js';

// `nl2sql db up chinook --engine mysql` as a user runs it: a process that prints the URLs,
// serves until SIGINT, then stops MariaDB and removes its folder. Skips with the reason
// printed where no MariaDB can start (never under CI, which installs mariadb-server).
const probe = await mariadbForTests();
await probe.server?.stop();
// `db up` loads Chinook from its MySQL script, found as the project finds it.
const script = probe.server ? await chinookMysqlScript() : null;

const bin = fileURLToPath(new URL('../src/bin.ts', import.meta.url));

describe.skipIf(!probe.server || !script)('nl2sql db up chinook --engine mysql', () => {
  it('prints the URL and the role logins, serves until Ctrl-C, then stops and exits 0', async () => {
    const child = spawn(
      process.execPath,
      [
        '--conditions=@nl2sql/source',
        '--import',
        'tsx',
        bin,
        'db',
        'up',
        'chinook',
        '--engine',
        'mysql',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) =>
      child.on('exit', (code) => resolve(code)),
    );
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
      });
      const check = () => (stderr.includes('Ctrl-C stops it') ? resolve() : setTimeout(check, 50));
      check();
      child.on('exit', () => reject(new Error(`exited early: ${stderr}`)));
    });
    const url = /^url: (\S+)$/m.exec(stdout)?.[1];
    const catalogUrl = /^role catalog: (\S+)$/m.exec(stdout)?.[1];
    expect(url).toMatch(/^mysql:\/\/root:[^@]+@127\.0\.0\.1:\d+\/chinook$/);
    const db = await openMysql(url!, { roles: { catalog: catalogUrl! } });
    try {
      expect((await db.execute('SELECT COUNT(*) FROM Invoice')).rows).toEqual([[412]]);
      await expect(db.forRole('catalog').execute('SELECT * FROM Invoice')).rejects.toMatchObject({
        code: 'PERMISSION_DENIED',
      });
    } finally {
      await db.close();
    }
    const dataDir = /data in (\S+)\)/.exec(stderr)?.[1];
    expect(dataDir && existsSync(dataDir)).toBe(true);
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(stderr).toContain('SIGINT: stopping MariaDB');
    expect(existsSync(dataDir!)).toBe(false);
    await expect(openMysql(url!, { connectTimeoutMs: 2000 })).rejects.toMatchObject({
      code: 'CONNECTION',
    });
  }, 120_000);
});
