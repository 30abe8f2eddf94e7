import { copyFile, mkdir, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CHINOOK_FILE, chinookForTests, DatasetError, isCi } from '../src/index.js';

const saved = process.env.NL2SQL_DATA_DIR;
beforeAll(() => {
  delete process.env.NL2SQL_DATA_DIR;
});
afterAll(() => {
  if (saved !== undefined) process.env.NL2SQL_DATA_DIR = saved;
});

/** A lookup that can find nothing: empty folders only. */
async function nowhere() {
  const dir = await mkdtemp(join(tmpdir(), 'nl2sql-for-tests-'));
  return { dir, locate: { searchFrom: [dir], cacheDir: join(dir, 'cache') } };
}

describe('chinookForTests', () => {
  test('without the database outside CI: skips at once, printing where it looked', async () => {
    const { dir, locate } = await nowhere();
    const printed: string[] = [];
    const started = performance.now();
    const found = await chinookForTests({ locate, env: {}, warn: (line) => printed.push(line) });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(found.path).toBeUndefined();
    expect(found.skipReason).toMatch(
      /^skipping tests that need the Chinook database \(DATASET_NOT_FOUND; looked in /,
    );
    expect(found.skipReason).toContain(join(dir, 'shared', 'datasets', 'chinook', CHINOOK_FILE));
    expect(found.skipReason).toContain('download disabled');
    expect(found.skipReason).toContain('NL2SQL_DATA_DIR');
    expect(printed).toEqual([found.skipReason]);
  });

  test('without the database under CI: fails instead of skipping', async () => {
    const { locate } = await nowhere();
    const printed: string[] = [];
    const error = await chinookForTests({
      locate,
      env: { CI: 'true' },
      warn: (l) => printed.push(l),
    }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DatasetError);
    expect((error as DatasetError).code).toBe('DATASET_NOT_FOUND');
    expect(printed).toEqual([]);
  });

  test('a stand-in with the wrong bytes is a skip outside CI and a failure under CI', async () => {
    const { dir, locate } = await nowhere();
    await mkdir(join(dir, 'shared', 'datasets', 'chinook'), { recursive: true });
    await copyFile(
      new URL(import.meta.url),
      join(dir, 'shared', 'datasets', 'chinook', CHINOOK_FILE),
    );
    const found = await chinookForTests({ locate, env: {}, warn: () => undefined });
    expect(found.skipReason).toContain('DATASET_HASH_MISMATCH');
    await expect(chinookForTests({ locate, env: { CI: '1' } })).rejects.toMatchObject({
      code: 'DATASET_HASH_MISMATCH',
    });
  });
});

describe('isCi', () => {
  test.each([
    [{}, false],
    [{ CI: '' }, false],
    [{ CI: '0' }, false],
    [{ CI: 'false' }, false],
    [{ CI: 'FALSE ' }, false],
    [{ CI: 'true' }, true],
    [{ CI: '1' }, true],
    [{ CI: 'yes' }, true],
    [{ CI: 'woodpecker' }, true],
  ])('%o -> %s', (env, expected) => {
    expect(isCi(env)).toBe(expected);
  });
});
