// readSpider on files in Spider's own layout, built here, small.
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { benchmarkDatabasePath, PairsFileError, readSpider } from '../src/index.js';
import { shopDatabase } from './shop-database.js';

const jsonArray = (records: readonly unknown[]) =>
  `[\n${records.map((r) => `  ${JSON.stringify(r)}`).join(',\n')}\n]\n`;

/** A folder with DIR/shop/shop.sqlite (a SQLite file, as the layout puts it). */
async function layout(dirName: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'nl2sql-bench-files-'));
  await mkdir(join(dir, dirName, 'shop'), { recursive: true });
  const { copyFile } = await import('node:fs/promises');
  await copyFile(await shopDatabase(), benchmarkDatabasePath(join(dir, dirName), 'shop'));
  return dir;
}

const file = (dir: string, name: string) => ({ path: join(dir, name), shown: name });

describe('readSpider', () => {
  it('reads each record at its line; order from the top-level ORDER BY; unknown databases left out', async () => {
    const dir = await layout('database');
    await writeFile(
      join(dir, 'dev.json'),
      jsonArray([
        { db_id: 'shop', question: ' How many orders? ', query: 'SELECT count(*) FROM orders' },
        {
          db_id: 'shop',
          question: 'Names, sorted',
          query: 'SELECT name FROM customers ORDER BY name',
        },
        {
          db_id: 'shop',
          question: 'Biggest order?',
          query:
            'SELECT id FROM orders WHERE total = (SELECT total FROM orders ORDER BY total DESC LIMIT 1)',
        },
        { db_id: 'nowhere', question: 'x', query: 'SELECT 1' },
        { db_id: 'gone', question: 'y', query: 'SELECT 1' },
        { db_id: 'shop', question: 'no query' },
      ]),
    );
    await writeFile(
      join(dir, 'tables.json'),
      jsonArray([
        { db_id: 'shop', table_names_original: ['customers', 'orders'] },
        { db_id: 'gone', table_names_original: ['t'] },
      ]),
    );
    const read = await readSpider({
      questions: file(dir, 'dev.json'),
      tables: file(dir, 'tables.json'),
      dbDir: join(dir, 'database'),
    });
    expect(read.pairs.map((p) => [p.line, p.pair])).toEqual([
      [
        2,
        {
          question: 'How many orders?',
          sql: 'SELECT count(*) FROM orders',
          datasource: 'shop',
          order_matters: false,
        },
      ],
      [
        3,
        {
          question: 'Names, sorted',
          sql: 'SELECT name FROM customers ORDER BY name',
          datasource: 'shop',
          order_matters: true,
        },
      ],
      [4, expect.objectContaining({ order_matters: false })],
    ]);
    expect(read.databases).toEqual([
      {
        id: 'shop',
        path: benchmarkDatabasePath(join(dir, 'database'), 'shop'),
        tables: ['customers', 'orders'],
      },
    ]);
    expect(read.problems.map((p) => p.message)).toEqual([
      'dev.json:5: db_id: db_id nowhere is not in tables.json',
      `dev.json:6: db_id: db_id gone: no database at ${benchmarkDatabasePath(join(dir, 'database'), 'gone')}`,
      'dev.json:7: query: must be a string (the gold SQL)',
    ]);
  });

  it('refuses a tables.json that is not one, located', async () => {
    const dir = await layout('database');
    await writeFile(join(dir, 'dev.json'), '[]');
    await writeFile(join(dir, 'tables.json'), jsonArray([{ db_id: 'shop' }]));
    await expect(
      readSpider({
        questions: file(dir, 'dev.json'),
        tables: file(dir, 'tables.json'),
        dbDir: dir,
      }),
    ).rejects.toThrow(PairsFileError);
  });
});
