import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NO_COLUMNS_PLACEHOLDER,
  restrictedCopySql,
  type SchemaSelection,
  SchemaSelectionError,
} from '../src/index.js';
import { restrictedRunner, writeDatabase } from './fixtures/sqlite.js';

const schema = {
  tables: [
    { name: 'orders', columns: [{ name: 'order_id' }, { name: 'status' }, { name: 'total' }] },
    { name: 'odd "name"', columns: [{ name: 'a b' }] },
  ],
};

const selection = (tables: string[], columns: string[]): SchemaSelection => ({
  status: 'ready',
  tables,
  columns,
  relationships: [],
  notes: [],
  paths: [],
  problems: [],
});

describe('restrictedCopySql', () => {
  it('copies each selected table with only its selected columns, in schema column order', () => {
    expect(
      restrictedCopySql(selection(['orders'], ['orders.total', 'orders.order_id']), schema),
    ).toEqual(['CREATE TABLE main."orders" AS SELECT "order_id", "total" FROM "source"."orders"']);
  });

  it('quotes names and keeps the rows of a table selected without columns', () => {
    expect(restrictedCopySql(selection(['odd "name"'], []), schema, 'src')).toEqual([
      `CREATE TABLE main."odd ""name""" AS SELECT NULL AS "${NO_COLUMNS_PLACEHOLDER}" FROM "src"."odd ""name"""`,
    ]);
  });

  it('refuses a table the schema does not have', () => {
    expect(() => restrictedCopySql(selection(['refunds'], []), schema)).toThrow(
      SchemaSelectionError,
    );
  });
});

describe('running on a restricted copy (SQLite)', () => {
  let dir: string;
  let file: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'restricted-copy-'));
    file = join(dir, 'source.sqlite');
    await writeDatabase(
      file,
      [
        'CREATE TABLE orders (order_id TEXT, status TEXT, total INTEGER)',
        'CREATE TABLE secrets (x TEXT)',
      ],
      {
        orders: [
          ['O1', 'paid', 10],
          ['O2', 'cancelled', 20],
        ],
        secrets: [['s']],
      },
    );
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('answers a query that needs only selected columns', async () => {
    const run = restrictedRunner(file, schema, dir);
    const s = selection(['orders'], ['orders.status', 'orders.total']);
    const result = await run("SELECT SUM(total) FROM orders WHERE status <> 'cancelled'", s);
    expect(result.rows).toEqual([[10]]);
  });

  it('fails a query that needs a column or table the selection left out', async () => {
    const run = restrictedRunner(
      file,
      { tables: [...schema.tables, { name: 'secrets', columns: [{ name: 'x' }] }] },
      dir,
    );
    const s = selection(['orders'], ['orders.total']);
    await expect(run("SELECT SUM(total) FROM orders WHERE status = 'paid'", s)).rejects.toThrow(
      /no such column: status/,
    );
    await expect(run('SELECT x FROM secrets', s)).rejects.toThrow(/no such table: secrets/);
  });

  it('keeps row counts for a table selected without columns', async () => {
    const run = restrictedRunner(file, schema, dir);
    const result = await run('SELECT COUNT(*) FROM orders', selection(['orders'], []));
    expect(result.rows).toEqual([[2]]);
  });
});
