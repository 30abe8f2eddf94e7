import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TableSchema } from '@nl2sql/datasource';
import { openSqlite } from '@nl2sql/datasource-sqlite';
import sqlite3 from 'sqlite3';
import { describe, expect, it } from 'vitest';
import { fillOrder, readSchemaModel } from '../src/schema-model.js';
import type { TestSuiteError } from '../src/testsuite-error.js';

const table = (name: string, fks: [string, string, boolean][] = []): TableSchema => ({
  name,
  columns: [
    { name: 'id', nullable: false },
    ...fks.map(([col, , nullable]) => ({ name: col, nullable })),
  ],
  primaryKey: ['id'],
  foreignKeys: fks.map(([col, parent]) => ({
    columns: [col],
    referencedTable: parent,
    referencedColumns: ['id'],
  })),
});

async function database(sql: string): Promise<string> {
  const file = join(await mkdtemp(join(tmpdir(), 'nl2sql-testsuite-schema-')), 'db.sqlite');
  await new Promise<void>((resolve, reject) => {
    const db = new sqlite3.Database(file, (error) => {
      if (error) return reject(error);
      db.exec(sql, (e) => db.close(() => (e ? reject(e) : resolve())));
    });
  });
  return file;
}

describe('fillOrder', () => {
  it('puts parents first, alphabetically among ready tables', () => {
    const { order, deferred } = fillOrder([
      table('line', [
        ['invoice_id', 'invoice', false],
        ['track_id', 'track', false],
      ]),
      table('invoice', [['customer_id', 'customer', false]]),
      table('track'),
      table('customer', [['rep', 'customer', true]]),
    ]);
    expect(order).toEqual(['customer', 'invoice', 'track', 'line']);
    expect(deferred.size).toBe(0);
  });

  it('breaks a cycle at the table whose key into it may be NULL', () => {
    const { order, deferred } = fillOrder([
      table('a_emp', [['dept', 'b_dept', false]]),
      table('b_dept', [['head', 'a_emp', true]]),
      table('c_child', [['emp', 'a_emp', false]]),
    ]);
    expect(order).toEqual(['b_dept', 'a_emp', 'c_child']);
    expect([...deferred.keys()]).toEqual(['b_dept']);
  });
});

describe('readSchemaModel', () => {
  it('refuses a virtual table', async () => {
    const file = await database('CREATE VIRTUAL TABLE docs USING fts5(body);');
    const source = await openSqlite(file);
    try {
      await expect(readSchemaModel(source)).rejects.toMatchObject({
        code: 'unsupported_schema',
      } satisfies Partial<TestSuiteError>);
    } finally {
      await source.close();
      await rm(join(file, '..'), { recursive: true, force: true });
    }
  });

  it('refuses a foreign key to a table that does not exist', async () => {
    const file = await database(
      'CREATE TABLE child (id INTEGER PRIMARY KEY, p INTEGER REFERENCES ghost(id));',
    );
    const source = await openSqlite(file);
    try {
      await expect(readSchemaModel(source)).rejects.toThrow(/ghost, which does not exist/);
    } finally {
      await source.close();
      await rm(join(file, '..'), { recursive: true, force: true });
    }
  });
});
