// Small SQLite databases the authoring tests build themselves (not Chinook).
import { writeDatabase } from './sqlite-file.js';

/** Creates `file` and runs the `;`-separated statements of `sql` in it (no `;` in values). */
export async function buildDatabase(file: string, sql: string): Promise<void> {
  const statements = sql
    .split(';')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  await writeDatabase(file, statements);
}

export const SHOP_SQL = `
CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT NOT NULL, city TEXT NOT NULL);
CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL REFERENCES customers(id), total REAL NOT NULL, placed_on TEXT NOT NULL);
INSERT INTO customers VALUES (1, 'Ada', 'Oslo'), (2, 'Brian', 'Lima'), (3, 'Chen', 'Oslo');
INSERT INTO orders VALUES (1, 1, 10.5, '2024-01-03'), (2, 1, 20, '2024-02-11'), (3, 2, 7.25, '2024-02-12');
`;
