import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqlite, type SqliteDatasource } from '@nl2sql/datasource-sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type EvalCase,
  formatSuite,
  parseSuite,
  RegenerateError,
  regenerate,
} from '../src/index.js';
import { writeDatabase } from './fixtures/sqlite-file.js';

// Two databases with a table of the same name and different rows: a case read from the
// wrong one would get the other's rows.
let dir: string;
let shop: SqliteDatasource;
let support: SqliteDatasource;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'regen-ds-'));
  await writeDatabase(join(dir, 'shop.sqlite'), [
    'CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT)',
    "INSERT INTO items VALUES (1, 'lamp'), (2, 'desk')",
  ]);
  await writeDatabase(join(dir, 'support.sqlite'), [
    'CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT)',
    "INSERT INTO items VALUES (1, 'ticket')",
  ]);
  shop = await openSqlite(join(dir, 'shop.sqlite'));
  support = await openSqlite(join(dir, 'support.sqlite'));
});
afterAll(async () => {
  await shop?.close();
  await support?.close();
});

const item = (id: string, datasource: string): EvalCase => ({
  id,
  question: `What items are in ${datasource}?`,
  datasource,
  source: 'hand',
  approved: true,
  tags: ['single-table'],
  order_matters: false,
  outcome: { admin: 'allowed' },
  tables: ['items'],
  columns: ['items.name'],
  sql: 'SELECT name FROM items ORDER BY id',
  rows: [],
});

async function suiteFile(cases: EvalCase[]): Promise<string> {
  const path = join(await mkdtemp(join(dir, 'suite-')), 'suite.yaml');
  await writeFile(path, formatSuite({ name: 'two', version: 1, cases }));
  return path;
}

describe('regenerate over several datasources', () => {
  it('reads each case from the datasource it names, byte-identical on a second run', async () => {
    const path = await suiteFile([item('a', 'shop'), item('b', 'support')]);
    const sources = new Map([
      ['shop', shop],
      ['support', support],
    ]);
    const first = await regenerate(path, sources);
    expect(first).toMatchObject({ changed: true, changedCases: ['a', 'b'], statements: 2 });
    const written = await readFile(path, 'utf8');
    expect(parseSuite(written, path).cases.map((c) => c.rows)).toEqual([
      [['lamp'], ['desk']],
      [['ticket']],
    ]);
    expect(await regenerate(path, sources)).toMatchObject({ changed: false, changedCases: [] });
    expect(await readFile(path, 'utf8')).toBe(written);
  });

  it('refuses a case naming a datasource not given, before any query, writing nothing', async () => {
    const path = await suiteFile([item('a', 'shop'), item('b', 'billing')]);
    const before = await readFile(path, 'utf8');
    const error = await regenerate(path, new Map([['shop', shop]])).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RegenerateError);
    expect(error).toMatchObject({
      code: 'UNKNOWN_DATASOURCE',
      caseId: 'b',
      message: 'case b: datasource billing is not one of shop',
    });
    expect(await readFile(path, 'utf8')).toBe(before);
  });
});
