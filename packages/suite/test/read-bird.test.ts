// readBird on files in BIRD's own layout, built here, small.
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { benchmarkDatabasePath, readBird } from '../src/index.js';
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

describe('readBird', () => {
  it('keeps the evidence, tags the difficulty, names cases by question_id, never orders', async () => {
    const dir = await layout('dev_databases');
    await writeFile(
      join(dir, 'dev.json'),
      jsonArray([
        {
          question_id: 7,
          db_id: 'shop',
          question: 'Orders over 10?',
          evidence: ' over 10 refers to total > 10 ',
          SQL: 'SELECT id FROM orders WHERE total > 10 ORDER BY id',
          difficulty: 'moderate',
        },
        {
          question_id: 8,
          db_id: 'shop',
          question: 'All names',
          evidence: '',
          SQL: 'SELECT name FROM customers',
        },
        { question_id: -1, db_id: 'shop', question: 'bad id', SQL: 'SELECT 1' },
      ]),
    );
    const read = await readBird({
      questions: file(dir, 'dev.json'),
      dbDir: join(dir, 'dev_databases'),
    });
    expect(read.pairs.map((p) => p.pair)).toEqual([
      {
        id: 'bird_7',
        question: 'Orders over 10?',
        sql: 'SELECT id FROM orders WHERE total > 10 ORDER BY id',
        datasource: 'shop',
        order_matters: false,
        tags: ['difficulty:moderate'],
        evidence: 'over 10 refers to total > 10',
      },
      {
        id: 'bird_8',
        question: 'All names',
        sql: 'SELECT name FROM customers',
        datasource: 'shop',
        order_matters: false,
      },
    ]);
    expect(read.problems.map((p) => p.message)).toEqual([
      'dev.json:4: question_id: must be a whole number',
    ]);
  });
});
