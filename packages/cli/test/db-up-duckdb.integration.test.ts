import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chinookForTests } from '@nl2sql/datasets';
import { openSqlite } from '@nl2sql/datasource-sqlite';
import { loadProject } from '@nl2sql/project';
import { afterAll, describe, expect, it } from 'vitest';
import { CliError } from '../src/cli-error.js';
import { main } from '../src/main.js';
import { openDatasources } from '../src/project/project-datasources.js';
import { captureIo } from './io-capture.js';

// `nl2sql db up chinook --engine duckdb` writes the file; an evals.yaml `engine: duckdb`
// datasource is opened read-only by every command. Skips (reason printed) without Chinook.
const chinook = await chinookForTests();
const dir = mkdtempSync(join(tmpdir(), 'nl2sql-cli-duckdb-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.skipIf(chinook.path === undefined)('nl2sql db up chinook --engine duckdb', () => {
  it('writes Chinook as a checked DuckDB file that evals.yaml opens, with no per-role logins', async () => {
    const c = captureIo({ cwd: dir });
    expect(
      await main(['db', 'up', 'chinook', '--engine', 'duckdb', '--out', 'lake.duckdb'], c.io),
    ).toBe(0);
    expect(c.out()).toMatch(/^table PlaylistTrack: 8715 rows, sha256 [0-9a-f]{64}$/m);
    const sqlite = await openSqlite(chinook.path!);
    const fingerprint = await sqlite.fingerprint();
    await sqlite.close();
    expect(c.out()).toContain(`fingerprint: ${fingerprint}`);
    expect(c.err()).toMatch(
      /11 tables, 15607 rows, each table's rows equal to .*; schema fingerprint equal to the SQLite file's/,
    );

    writeFileSync(
      join(dir, 'evals.yaml'),
      'version: 1\ndatasources:\n  lake:\n    engine: duckdb\n    path: lake.duckdb\n    max_rows: 3\npolicy:\n  roles:\n    catalog: { tables: [Track] }\nsuites: [s.yaml]\n',
    );
    const project = await loadProject(join(dir, 'evals.yaml'));
    const opened = await openDatasources(project);
    try {
      const lake = opened.byId.get('lake')!;
      expect(lake.engine).toBe('duckdb');
      const result = await lake.execute('SELECT Name FROM Track ORDER BY TrackId');
      expect(result.rows).toHaveLength(3);
      expect(result.truncated).toBe(true);
      expect(lake.roles).toBeUndefined();
      expect(await lake.fingerprint()).toBe(fingerprint);
    } finally {
      await opened.close();
    }
  });
});

describe('an evals.yaml DuckDB datasource that cannot be opened', () => {
  it('is one line located at its path, exit 3', async () => {
    writeFileSync(
      join(dir, 'missing.yaml'),
      'version: 1\ndatasources:\n  lake:\n    engine: duckdb\n    path: nowhere.duckdb\nsuites: [s.yaml]\n',
    );
    const project = await loadProject(join(dir, 'missing.yaml'));
    const error = await openDatasources(project).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).exitCode).toBe(3);
    expect((error as CliError).message).toMatch(
      /missing\.yaml:5: datasources\.lake\.path: cannot open DuckDB .*nowhere\.duckdb: no such file$/,
    );
  });

  it('refuses --out and --port where they do not belong (exit 2)', async () => {
    const c = captureIo({ cwd: dir });
    expect(await main(['db', 'up', 'chinook', '--out', 'x.duckdb'], c.io)).toBe(2);
    expect(await main(['db', 'up', 'chinook', '--engine', 'duckdb', '--port', '5000'], c.io)).toBe(
      2,
    );
  });
});
