import { copyFile, mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  CHINOOK_FILE,
  CHINOOK_SHA256,
  DatasetError,
  fileSha256,
  locateChinook,
  resolveChinook,
} from '../src/index.js';

// The real file, found the way a developer's checkout finds it (beside the repo).
let realPath: string;
let server: Server;
let baseUrl: string;
let served = 0;

// The lookups below must not depend on the caller's environment.
const savedDataDir = process.env.NL2SQL_DATA_DIR;

beforeAll(async () => {
  realPath = await locateChinook({ download: false });
  const bytes = await import('node:fs/promises').then((fs) => fs.readFile(realPath));
  server = createServer((req, res) => {
    served += 1;
    if (req.url === '/good') res.end(bytes);
    else if (req.url === '/bad') res.end(Buffer.concat([bytes, Buffer.from('tampered')]));
    else {
      res.statusCode = 404;
      res.end('missing');
    }
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  delete process.env.NL2SQL_DATA_DIR;
});

afterAll(async () => {
  if (savedDataDir !== undefined) process.env.NL2SQL_DATA_DIR = savedDataDir;
  await new Promise<void>((ok) => server.close(() => ok()));
});

const emptyDir = () => mkdtemp(join(tmpdir(), 'nl2sql-datasets-'));

describe('resolveChinook', () => {
  test('finds the shared copy beside the checkout and it has the pinned hash', async () => {
    const found = await resolveChinook({ download: false });
    expect(found.source).toBe('shared');
    expect(await fileSha256(found.path)).toBe(CHINOOK_SHA256);
  });

  test('prefers NL2SQL_DATA_DIR/chinook/ over the shared copy', async () => {
    const dir = await emptyDir();
    await import('node:fs/promises').then((fs) => fs.mkdir(join(dir, 'chinook')));
    await copyFile(realPath, join(dir, 'chinook', CHINOOK_FILE));
    const found = await resolveChinook({ dataDir: dir, download: false });
    expect(found).toEqual({ path: join(dir, 'chinook', CHINOOK_FILE), source: 'data-dir' });
  });

  test('refuses a file whose bytes differ, naming it and the expected hash', async () => {
    const dir = await emptyDir();
    await writeFile(join(dir, CHINOOK_FILE), 'not a database');
    const error = await resolveChinook({
      dataDir: dir,
      searchFrom: [dir],
      download: false,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DatasetError);
    expect((error as DatasetError).code).toBe('DATASET_HASH_MISMATCH');
    expect((error as DatasetError).message).toContain(join(dir, CHINOOK_FILE));
    expect((error as DatasetError).message).toContain(CHINOOK_SHA256);
  });

  test('says where it looked and what to do when nothing is found', async () => {
    const dir = await emptyDir();
    const error = (await resolveChinook({
      searchFrom: [dir],
      cacheDir: join(dir, 'cache'),
      download: false,
    }).catch((e: unknown) => e)) as DatasetError;
    expect(error.code).toBe('DATASET_NOT_FOUND');
    expect(error.attempts.some((a) => a.startsWith(join(dir, 'shared')))).toBe(true);
    expect(error.message).toContain('NL2SQL_DATA_DIR');
    expect(error.message).toContain('To fix');
  });

  test('downloads into the data directory, verifies, then reuses it', async () => {
    const dir = await emptyDir();
    const before = served;
    const found = await resolveChinook({ dataDir: dir, searchFrom: [dir], url: `${baseUrl}/good` });
    expect(found).toEqual({ path: join(dir, 'chinook', CHINOOK_FILE), source: 'download' });
    expect(await fileSha256(found.path)).toBe(CHINOOK_SHA256);
    const again = await resolveChinook({ dataDir: dir, searchFrom: [dir], url: `${baseUrl}/good` });
    expect(again.source).toBe('data-dir');
    expect(served - before).toBe(1);
  });

  test('a tampered download is refused and leaves no file behind', async () => {
    const dir = await emptyDir();
    const error = (await resolveChinook({
      searchFrom: [dir],
      cacheDir: dir,
      url: `${baseUrl}/bad`,
    }).catch((e: unknown) => e)) as DatasetError;
    expect(error.code).toBe('DATASET_HASH_MISMATCH');
    expect(error.message).toContain(`${baseUrl}/bad`);
    expect(await readdir(join(dir, 'chinook'))).toEqual([]);
  });

  test('an HTTP error is reported with its status', async () => {
    const dir = await emptyDir();
    const error = (await resolveChinook({
      searchFrom: [dir],
      cacheDir: dir,
      url: `${baseUrl}/nope`,
    }).catch((e: unknown) => e)) as DatasetError;
    expect(error.code).toBe('DATASET_NOT_FOUND');
    expect(error.message).toContain('HTTP 404');
  });
});
