import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chinookForTests } from '@nl2sql/datasets';
import { describe, expect, test } from 'vitest';
import { EXIT, main } from '../src/index.js';
import { captureIo } from './io-capture.js';

// Tests that read the real Chinook database skip, with the reason printed, where the
// documented lookup cannot find it (never under CI, where a missing database is a failure).
const chinook = await chinookForTests();
const noChinook = chinook.path === undefined;

const check = async (...args: string[]) => {
  const c = captureIo();
  const code = await main(['check', ...args], c.io);
  return { code, out: c.out(), err: c.err() };
};

describe('nl2sql check', () => {
  test.skipIf(noChinook)('a safe query on Chinook passes all three levels (exit 0)', async () => {
    const db = chinook.path!;
    const r = await check(
      'SELECT a.Title, COUNT(*) FROM Album a JOIN Track t ON t.AlbumId = a.AlbumId GROUP BY a.AlbumId LIMIT 10',
      '--db',
      db,
    );
    expect(r.out).toContain('L1 syntax  pass');
    expect(r.out).toContain('L2 schema  pass');
    expect(r.out).toContain('L3 safety  pass');
    expect(r.code).toBe(EXIT.ok);
  });

  test.skipIf(noChinook)('an unknown column fails L2 with its rule named (exit 1)', async () => {
    const db = chinook.path!;
    const r = await check('SELECT Nme FROM Artist LIMIT 5', '--db', db);
    expect(r.code).toBe(EXIT.failed);
    expect(r.out).toMatch(/L2 schema\s+FAIL/);
    expect(r.out).toMatch(/\[[a-z-]+\].*Nme/);
  });

  test('a write fails L3 (exit 1) and L2 is skipped without a schema', async () => {
    const r = await check('DELETE FROM Artist');
    expect(r.code).toBe(EXIT.failed);
    expect(r.out).toContain('L2 schema  skipped');
    expect(r.out).toMatch(/L3 safety\s+FAIL/);
  });

  test('--schema reads a JSON schema file; --json prints the report', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'nl2sql-check-'));
    const file = join(dir, 'schema.json');
    await writeFile(
      file,
      JSON.stringify({
        tables: [{ name: 'Artist', columns: [{ name: 'ArtistId' }, { name: 'Name' }] }],
      }),
    );
    const r = await check('SELECT Name FROM Artist LIMIT 3', '--schema', file, '--json');
    expect(r.code).toBe(EXIT.ok);
    const report = JSON.parse(r.out) as {
      pass: boolean;
      levels: { level: string; pass: boolean }[];
    };
    expect(report.pass).toBe(true);
    expect(report.levels.map((l) => l.level)).toEqual(['L1', 'L2', 'L3']);
  });

  test('--schema and --db are read relative to the working directory', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'nl2sql-check-'));
    await writeFile(
      join(dir, 'schema.json'),
      JSON.stringify({ tables: [{ name: 'Artist', columns: [{ name: 'Name' }] }] }),
    );
    const c = captureIo({ cwd: dir });
    const code = await main(
      ['check', 'SELECT Nme FROM Artist LIMIT 3', '--schema', 'schema.json'],
      c.io,
    );
    expect(c.out()).toMatch(/L2 schema\s+FAIL/);
    expect(code).toBe(EXIT.failed);
    // a relative --db that exists only under the working directory
    const missing = captureIo({ cwd: dir });
    expect(await main(['check', 'SELECT 1', '--db', 'nowhere.sqlite'], missing.io)).not.toBe(
      EXIT.ok,
    );
    expect(missing.err()).toContain(join(dir, 'nowhere.sqlite'));
  });

  test('bad input: unknown dialect and bad --max-limit are usage errors, a broken schema file a configuration error', async () => {
    expect((await check('SELECT 1', '--dialect', 'oracle')).code).toBe(EXIT.usage);
    expect((await check('SELECT 1', '--max-limit', 'lots')).code).toBe(EXIT.usage);
    const dir = await mkdtemp(join(tmpdir(), 'nl2sql-check-'));
    const file = join(dir, 'schema.json');
    await writeFile(file, '{"tables": [{"name": 3}]}');
    const r = await check('SELECT 1', '--schema', file);
    expect(r.code).toBe(EXIT.config);
    expect(r.err).toContain('tables[0]');
  });

  test('--db that is a directory or not SQLite is one line and exit 3, not a crash (exit 70)', async () => {
    // Regression: both threw a DatasourceError stack trace out of main.
    const dir = await mkdtemp(join(tmpdir(), 'nl2sql-check-db-'));
    const text = join(dir, 'notes.sqlite');
    await writeFile(text, 'not a database');
    const a = await check('SELECT 1', '--db', dir);
    expect(a.code).toBe(EXIT.config);
    expect(a.err).toBe(`nl2sql: --db ${dir}: is a directory, not a SQLite file`);
    const b = await check('SELECT 1', '--db', text);
    expect(b.code).toBe(EXIT.config);
    // The datasource looks at the file's header before SQLite does, and says so.
    expect(b.err).toBe(
      `nl2sql: --db ${text}: cannot be opened as a SQLite database (cannot open ${text}: not a SQLite database (the file does not start with the header "SQLite format 3"))`,
    );
  });

  test('a misspelt --dialect is a usage error before --db is opened, whether or not the database is there (exit 2)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'nl2sql-check-db-'));
    for (const dialect of ['oracle', 'sqlit', 'postgre']) {
      const r = await check('SELECT 1', '--dialect', dialect, '--db', join(dir, 'gone.sqlite'));
      expect(r.code).toBe(EXIT.usage);
      expect(r.err).toContain(`--dialect must be one of sqlite, postgres`);
      expect(r.err).not.toContain('gone.sqlite');
    }
    // A dialect it knows gets as far as the database, whose absence is then the error.
    const known = await check(
      'SELECT 1',
      '--dialect',
      'postgres',
      '--db',
      join(dir, 'gone.sqlite'),
    );
    expect(known.code).toBe(EXIT.config);
    expect(known.err).toBe(`nl2sql: --db ${join(dir, 'gone.sqlite')}: no such file`);
  });
});
