import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import {
  CHINOOK_MYSQL_FILE,
  CHINOOK_MYSQL_SHA256,
  type DatasetError,
  fileSha256,
  resolveChinookMysql,
} from '../src/index.js';

// The MySQL script is found by the same lookup as the SQLite file and refused unless its
// bytes are the pinned ones.

const shared = join(import.meta.dirname, '..', '..', '..', '..', 'shared', 'datasets', 'chinook');
const sharedScript = join(shared, CHINOOK_MYSQL_FILE);

describe('resolveChinookMysql', () => {
  test('refuses a script whose bytes are not the pinned file, naming where it was found', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'nl2sql-mysql-script-'));
    await mkdir(join(dir, 'chinook'));
    await writeFile(join(dir, 'chinook', CHINOOK_MYSQL_FILE), 'DROP DATABASE IF EXISTS `Chinook`;');
    const error = (await resolveChinookMysql({
      dataDir: dir,
      download: false,
      searchFrom: [dir],
    }).catch((e: unknown) => e)) as DatasetError;
    expect(error.code).toBe('DATASET_HASH_MISMATCH');
    expect(error.message).toContain('Chinook MySQL script');
    expect(error.message).toContain(join(dir, 'chinook', CHINOOK_MYSQL_FILE));
    expect(error.message).toContain(CHINOOK_MYSQL_SHA256);
  });

  test('says where it looked when there is none', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'nl2sql-mysql-none-'));
    const error = (await resolveChinookMysql({
      dataDir: dir,
      download: false,
      searchFrom: [dir],
    }).catch((e: unknown) => e)) as DatasetError;
    expect(error.code).toBe('DATASET_NOT_FOUND');
    expect(error.message).toContain(`${CHINOOK_MYSQL_FILE}: not found`);
  });

  test.skipIf(!existsSync(sharedScript))(
    'finds the pinned script in shared/datasets/chinook beside the checkout',
    async () => {
      const saved = process.env.NL2SQL_DATA_DIR;
      delete process.env.NL2SQL_DATA_DIR;
      try {
        const found = await resolveChinookMysql({
          download: false,
          searchFrom: [import.meta.dirname],
        });
        expect(found).toEqual({ path: sharedScript, source: 'shared' });
        expect(await fileSha256(found.path)).toBe(CHINOOK_MYSQL_SHA256);
      } finally {
        if (saved !== undefined) process.env.NL2SQL_DATA_DIR = saved;
      }
    },
  );
});
