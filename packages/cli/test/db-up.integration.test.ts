import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chinookForTests } from '@nl2sql/datasets';
import { openPostgres, postgresForTests } from '@nl2sql/datasource-postgres';
import { describe, expect, it } from 'vitest';

// `nl2sql db up chinook --engine postgres` as a user runs it: a process that prints the URLs,
// serves until SIGINT, then stops the server and removes its folder. Skips with the reason
// printed where there is no Chinook file or no PostgreSQL binaries.
const chinook = await chinookForTests();
const probe = chinook.path === undefined ? undefined : await postgresForTests();
await probe?.server?.stop();

const bin = fileURLToPath(new URL('../src/bin.ts', import.meta.url));

describe.skipIf(!probe?.server)('nl2sql db up chinook --engine postgres', () => {
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
        'postgres',
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
    const printed = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        // Every role's line, and the notice on stderr that comes after them.
        if ((stdout.match(/^role \w+: \S+\n/gm) ?? []).length === 3) resolve(stdout);
      });
      child.on('exit', () => reject(new Error(`exited early: ${stderr}`)));
    });
    await new Promise<void>((resolve) => {
      const check = () => (stderr.includes('Ctrl-C stops it') ? resolve() : setTimeout(check, 50));
      check();
    });
    const url = /^url: (\S+)$/m.exec(printed)?.[1];
    const catalogUrl = /^role catalog: (\S+)$/m.exec(printed)?.[1];
    expect(url).toMatch(/^postgres:\/\/postgres:[^@]+@127\.0\.0\.1:\d+\/chinook$/);
    const admin = await openPostgres(url!);
    const catalog = await openPostgres(catalogUrl!);
    try {
      expect((await admin.execute('SELECT count(*) FROM "Invoice"')).rows).toEqual([[412]]);
      await expect(catalog.execute('SELECT * FROM "Invoice"')).rejects.toMatchObject({
        code: 'PERMISSION_DENIED',
      });
    } finally {
      await admin.close();
      await catalog.close();
    }
    const dataDir = /data in (\S+)\)/.exec(stderr)?.[1];
    expect(dataDir && existsSync(dataDir)).toBe(true);
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(stderr).toContain('SIGINT: stopping PostgreSQL');
    expect(existsSync(dataDir!)).toBe(false);
    await expect(openPostgres(url!, { connectTimeoutMs: 2000 })).rejects.toMatchObject({
      code: 'CONNECTION',
    });
  }, 120_000);

  it('refuses a dataset it does not know with a usage error', async () => {
    const child = spawn(
      process.execPath,
      ['--conditions=@nl2sql/source', '--import', 'tsx', bin, 'db', 'up', 'northwind'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    expect(await new Promise((resolve) => child.on('exit', resolve))).toBe(2);
    expect(stderr.trim()).toBe('nl2sql: unknown dataset "northwind": chinook');
  }, 60_000);
});
