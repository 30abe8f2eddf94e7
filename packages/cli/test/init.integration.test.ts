import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadProject } from '@nl2sql/project';
import { loadSuite } from '@nl2sql/suite';
import { describe, expect, it } from 'vitest';
import { EXIT, main } from '../src/index.js';
import { datasourceIdFor } from '../src/init/init-files.js';
import { captureIo } from './io-capture.js';
import { buildDatabase, SHOP_SQL } from './shop-database.js';

async function folderWithShop(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'nl2sql-init-'));
  await buildDatabase(join(dir, 'shop.sqlite'), SHOP_SQL);
  return dir;
}

async function run(cwd: string, ...args: string[]) {
  const c = captureIo({ cwd });
  const code = await main(['init', ...args], c.io);
  return { code, out: c.out(), err: c.err() };
}

describe('nl2sql init', () => {
  it('writes an evals.yaml that loads back: the datasource, one role reading every table, the reference engine', async () => {
    const dir = await folderWithShop();
    const r = await run(dir, '--db', 'shop.sqlite');
    expect(r.code).toBe(EXIT.ok);
    expect(r.out).toContain('wrote evals.yaml, suites/shop.yaml, README.md');
    const project = await loadProject(join(dir, 'evals.yaml'), { env: {} });
    expect(project.datasources).toEqual([
      { id: 'shop', engine: 'sqlite', path: join(dir, 'shop.sqlite') },
    ]);
    expect(project.policy?.roles).toEqual({ analyst: { tables: ['customers', 'orders'] } });
    expect(project.suites).toEqual([join(dir, 'suites', 'shop.yaml')]);
    expect(project.engines).toEqual([{ name: 'reference', kind: 'reference' }]);
    expect(project.defaultEngine).toBe('reference');
    const suite = await loadSuite(join(dir, 'suites', 'shop.yaml'));
    // The suite states its SQL's dialect (issue 26).
    expect(suite).toEqual({ name: 'shop', version: 1, sql_dialect: 'sqlite', cases: [] });
    const text = await readFile(join(dir, 'evals.yaml'), 'utf8');
    expect(text).toContain('  # mine:\n  #   kind: http\n');
    expect(await readFile(join(dir, 'README.md'), 'utf8')).toContain('nl2sql suite import');
  });

  it('refuses to overwrite any file it would write, writes none of them, exit 3', async () => {
    const dir = await folderWithShop();
    await writeFile(join(dir, 'README.md'), 'mine\n');
    const r = await run(dir, '--db', 'shop.sqlite');
    expect(r.code).toBe(EXIT.config);
    expect(r.err).toContain('init writes nothing over existing files: README.md already exist');
    expect(await readFile(join(dir, 'README.md'), 'utf8')).toBe('mine\n');
    await expect(readFile(join(dir, 'evals.yaml'))).rejects.toThrow(/ENOENT/);

    const again = await folderWithShop();
    expect((await run(again, '--db', 'shop.sqlite')).code).toBe(EXIT.ok);
    const before = await readFile(join(again, 'evals.yaml'), 'utf8');
    const second = await run(again, '--db', 'shop.sqlite');
    expect(second.code).toBe(EXIT.config);
    expect(second.err).toContain('evals.yaml, suites/shop.yaml, README.md already exist');
    expect(await readFile(join(again, 'evals.yaml'), 'utf8')).toBe(before);
  });

  it('says a file would be overwritten before it opens the database: each of its files, with the database missing (exit 3)', async () => {
    for (const existing of ['evals.yaml', 'suites/gone.yaml', 'README.md']) {
      const dir = await mkdtemp(join(tmpdir(), 'nl2sql-init-'));
      await mkdir(join(dir, 'suites'));
      await writeFile(join(dir, existing), 'mine\n');
      const r = await run(dir, '--db', 'gone.sqlite');
      expect(r.code).toBe(EXIT.config);
      expect(r.err).toBe(
        `nl2sql: init writes nothing over existing files: ${existing} already exist in ${dir}`,
      );
      expect(await readFile(join(dir, existing), 'utf8')).toBe('mine\n');
    }
    // With nothing in the way, the missing database is what is reported.
    const empty = await mkdtemp(join(tmpdir(), 'nl2sql-init-'));
    const r = await run(empty, '--db', 'gone.sqlite');
    expect(r.code).toBe(EXIT.config);
    expect(r.err).toBe(`nl2sql: --db ${join(empty, 'gone.sqlite')}: no such file`);
  });

  it('needs --db (exit 2), a SQLite file (exit 3), and a valid --datasource id (exit 2)', async () => {
    const dir = await folderWithShop();
    expect((await run(dir)).code).toBe(EXIT.usage);
    await writeFile(join(dir, 'notes.sqlite'), 'not a database');
    const bad = await run(dir, '--db', 'notes.sqlite');
    expect(bad.code).toBe(EXIT.config);
    expect(bad.err.split('\n').filter(Boolean)).toHaveLength(1);
    expect((await run(dir, '--db', 'shop.sqlite', '--datasource', 'no way')).code).toBe(EXIT.usage);
    await expect(readFile(join(dir, 'evals.yaml'))).rejects.toThrow(/ENOENT/);
  });

  it('a plain `eval run` of the project after import says in one line that an engine must be named (exit 3)', async () => {
    const dir = await folderWithShop();
    expect((await run(dir, '--db', 'shop.sqlite')).code).toBe(EXIT.ok);
    await writeFile(
      join(dir, 'pairs.csv'),
      'id,question,sql\nq1,How many customers?,SELECT COUNT(*) FROM customers\nq2,Cities?,SELECT DISTINCT city FROM customers ORDER BY city\n',
    );
    const cli = async (...args: string[]) => {
      const c = captureIo({ cwd: dir });
      const code = await main(args, c.io);
      return { code, out: c.out(), err: c.err() };
    };
    expect((await cli('suite', 'import', 'pairs.csv')).code).toBe(EXIT.ok);
    expect((await cli('suite', 'review', '--approve', 'q1,q2')).code).toBe(EXIT.ok);
    const plain = await cli('eval', 'run');
    expect(plain.code).toBe(EXIT.config);
    expect(plain.err.trim().split('\n')).toEqual([
      "nl2sql: suite shop: no approved case has a gold plan (2 answerable), and the reference engine answers mode plans only from gold plans; name the engine to evaluate: --engine NAME (one of evals.yaml's engines) or --engine URL, or set default_engine in evals.yaml",
    ]);
    expect(plain.err).not.toContain('plan-missing');
    expect(plain.out).toBe('');
    // The stubs say how to make the user's engine the default.
    expect(await readFile(join(dir, 'evals.yaml'), 'utf8')).toContain('default_engine');
  }, 60_000);

  it("a bad --db in place of the project's file is told against --db, not a line of evals.yaml", async () => {
    const dir = await folderWithShop();
    expect((await run(dir, '--db', 'shop.sqlite')).code).toBe(EXIT.ok);
    await writeFile(join(dir, 'notes.sqlite'), 'not a database');
    for (const args of [
      ['eval', 'run'],
      ['suite', 'lint'],
    ]) {
      for (const [db, why] of [
        ['gone.sqlite', 'no such file'],
        ['notes.sqlite', 'cannot be opened as a SQLite database'],
      ] as const) {
        const c = captureIo({ cwd: dir });
        expect(await main([...args, '--db', db], c.io)).toBe(EXIT.config);
        expect(c.err()).toContain(`nl2sql: --db ${join(dir, db)}: ${why}`);
        expect(c.err()).not.toContain('evals.yaml');
      }
    }
    // The file's own path, when it is wrong, is still told against its line.
    const text = await readFile(join(dir, 'evals.yaml'), 'utf8');
    await writeFile(
      join(dir, 'evals.yaml'),
      text.replace('path: shop.sqlite', 'path: moved.sqlite'),
    );
    const c = captureIo({ cwd: dir });
    expect(await main(['suite', 'lint'], c.io)).toBe(EXIT.config);
    expect(c.err()).toMatch(
      /evals\.yaml:\d+: datasources\.shop\.path: .*moved\.sqlite: no such file/,
    );
  }, 60_000);

  it('names the datasource after the file, within the id alphabet', () => {
    expect(datasourceIdFor('shop.sqlite')).toBe('shop');
    expect(datasourceIdFor('Shop Data.db')).toBe('shop_data');
    expect(datasourceIdFor('__x.sqlite3')).toBe('x');
    expect(datasourceIdFor('数据.sqlite')).toBe('db');
  });
});
