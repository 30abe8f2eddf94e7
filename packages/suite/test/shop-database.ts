// A small shop database the import and regenerate tests build in a temporary folder.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sqlite3 from 'sqlite3';

export const SHOP_SQL = `
CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT NOT NULL);
CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL REFERENCES customers(id), total REAL NOT NULL);
CREATE TABLE salaries (employee TEXT PRIMARY KEY, amount INTEGER NOT NULL);
INSERT INTO customers VALUES (1, 'Ada', 'ada@example.com'), (2, 'Brian', 'brian@example.com'), (3, 'Chen', 'chen@example.com');
INSERT INTO orders VALUES (1, 1, 10.5), (2, 1, 20), (3, 2, 7.25);
INSERT INTO salaries VALUES ('Ada', 100), ('Brian', 90);
`;

/** Builds the shop database in a new temporary folder and returns its path. */
export async function shopDatabase(sql = SHOP_SQL): Promise<string> {
  const file = join(await mkdtemp(join(tmpdir(), 'nl2sql-shop-')), 'shop.sqlite');
  await new Promise<void>((resolve, reject) => {
    const db = new sqlite3.Database(file, (error) => {
      if (error) return reject(error);
      db.exec(sql, (e) => db.close(() => (e ? reject(e) : resolve())));
    });
  });
  return file;
}
