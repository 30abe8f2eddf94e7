// Writing the shop to a SQLite file. The same statements in the same order on the same
// SQLite give the same file bytes, so a seed names the database byte for byte. The file is
// written beside its final name and renamed, so a reader never sees half a database.

import { rename, rm } from 'node:fs/promises';
import sqlite3 from 'sqlite3';
import type { ShopData, Value } from './shop-data.js';
import { SHOP_TABLES, shopDdl } from './shop-schema.js';

/** Rows per INSERT statement: large enough to be quick, small enough for SQLite's limits. */
const BATCH = 400;

function literal(value: Value): string {
  if (value === null) return 'NULL';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`cannot store ${value}`);
    return String(value);
  }
  return `'${value.replaceAll("'", "''")}'`;
}

function exec(db: sqlite3.Database, sql: string): Promise<void> {
  return new Promise((resolve, reject) => db.exec(sql, (e) => (e ? reject(e) : resolve())));
}

function open(path: string): Promise<sqlite3.Database> {
  return new Promise((resolve, reject) => {
    const db = new sqlite3.Database(path, sqlite3.OPEN_READWRITE | sqlite3.OPEN_CREATE, (e) =>
      e ? reject(e) : resolve(db),
    );
  });
}

function close(db: sqlite3.Database): Promise<void> {
  return new Promise((resolve, reject) => db.close((e) => (e ? reject(e) : resolve())));
}

/** Writes `data` to a new SQLite file at `path` (replacing one that is there). */
export async function writeDatabase(path: string, data: ShopData): Promise<void> {
  const partial = `${path}.partial`;
  await rm(partial, { force: true });
  const db = await open(partial);
  try {
    // No journal: the file is new and is renamed into place only once complete.
    await exec(db, 'PRAGMA journal_mode = OFF; PRAGMA page_size = 4096; BEGIN');
    for (const statement of shopDdl()) await exec(db, statement);
    for (const table of SHOP_TABLES) {
      const names = table.columns.map((c) => c.name);
      const rows = data[table.name] ?? [];
      for (let i = 0; i < rows.length; i += BATCH) {
        const values = rows
          .slice(i, i + BATCH)
          .map((row) => `(${names.map((n) => literal(row[n] ?? null)).join(', ')})`);
        await exec(
          db,
          `INSERT INTO ${table.name} (${names.join(', ')}) VALUES\n${values.join(',\n')}`,
        );
      }
    }
    await exec(db, 'COMMIT; ANALYZE');
  } finally {
    await close(db);
  }
  await rename(partial, path);
}
