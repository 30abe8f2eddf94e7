import { copyFile, mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  CHINOOK_FILE,
  CHINOOK_SHA256,
  chinookForTests,
  type DatasetError,
  fileSha256,
  resolveChinook,
} from '../src/index.js';

// The lookup is tested on temporary folders, with stand-in files where only the search order
// matters (a stand-in fails the hash check, and the error names where it was found). Tests
// that need the pinned bytes use the real file where the documented lookup finds it, and skip
// with the reason printed otherwise (never under CI).

const chinook = await chinookForTests();
const noChinook = chinook.path === undefined;

let server: Server;
let baseUrl: string;
let served = 0;
let realBytes: Buffer | undefined;

// The lookups below must not depend on the caller's environment.
const savedDataDir = process.env.NL2SQL_DATA_DIR;

beforeAll(async () => {
  realBytes = chinook.path === undefined ? undefined : await readFile(chinook.path);
  server = createServer((req, res) => {
    served += 1;
    if (req.url === '/good' && realBytes) res.end(realBytes);
    else if (req.url === '/bad') res.end(Buffer.from('tampered bytes, not the pinned file'));
    else if (req.url === '/silent')
      return; // never answers
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
  server.closeAllConnections();
  await new Promise<void>((ok) => server.close(() => ok()));
});

const emptyDir = () => mkdtemp(join(tmpdir(), 'nl2sql-datasets-'));

/** Writes `bytes` at `<root>/<...parts>`, creating folders. */
async function place(bytes: Buffer | string, root: string, ...parts: string[]): Promise<string> {
  const path = join(root, ...parts);
  await mkdir(join(path, '..'), { recursive: true });
  await writeFile(path, bytes);
  return path;
}

async function failure(pending: Promise<unknown>): Promise<DatasetError> {
  return (await pending.then(
    () => {
      throw new Error('expected the lookup to fail');
    },
    (e: unknown) => e,
  )) as DatasetError;
}

describe('resolveChinook: where it looks, on temporary folders', () => {
  test('walks up from each starting folder to a shared/datasets/chinook folder', async () => {
    const root = await emptyDir();
    const standIn = await place('stand-in', root, 'shared', 'datasets', 'chinook', CHINOOK_FILE);
    const start = join(root, 'checkout', 'packages', 'cli');
    await mkdir(start, { recursive: true });
    const error = await failure(
      resolveChinook({ searchFrom: [start], cacheDir: join(root, 'cache'), download: false }),
    );
    expect(error.code).toBe('DATASET_HASH_MISMATCH');
    const tried = error.attempts.map((a) => a.split(': ')[0]);
    const shared = (dir: string) => join(dir, 'shared', 'datasets', 'chinook', CHINOOK_FILE);
    // Nearest first, each ancestor once, up to the one holding the stand-in and beyond.
    expect(tried.slice(1, 5)).toEqual([
      shared(start),
      shared(join(root, 'checkout', 'packages')),
      shared(join(root, 'checkout')),
      standIn,
    ]);
    expect(error.attempts).toContain(`${standIn}: SHA-256 differs from ${CHINOOK_SHA256}`);
  });

  test('looks in NL2SQL_DATA_DIR (both layouts) before any shared folder', async () => {
    const root = await emptyDir();
    const nested = await place('stand-in', root, 'data', 'chinook', CHINOOK_FILE);
    const flat = await place('stand-in', root, 'data', CHINOOK_FILE);
    const standIn = await place('stand-in', root, 'shared', 'datasets', 'chinook', CHINOOK_FILE);
    const error = await failure(
      resolveChinook({ dataDir: join(root, 'data'), searchFrom: [root], download: false }),
    );
    const tried = error.attempts.map((a) => a.split(': ')[0]);
    expect(tried.slice(0, 3)).toEqual([nested, flat, standIn]);
  });

  test('reads NL2SQL_DATA_DIR from the environment when no dataDir is given', async () => {
    const root = await emptyDir();
    const nested = await place('stand-in', root, 'chinook', CHINOOK_FILE);
    process.env.NL2SQL_DATA_DIR = root;
    try {
      const error = await failure(resolveChinook({ searchFrom: [root], download: false }));
      expect(error.attempts[0]).toBe(`${nested}: SHA-256 differs from ${CHINOOK_SHA256}`);
    } finally {
      delete process.env.NL2SQL_DATA_DIR;
    }
  });

  test('looks in the download cache after the shared folders', async () => {
    const root = await emptyDir();
    const cached = await place('stand-in', root, 'cache', 'chinook', CHINOOK_FILE);
    const error = await failure(
      resolveChinook({
        searchFrom: [join(root, 'work')],
        cacheDir: join(root, 'cache'),
        download: false,
      }),
    );
    expect(error.attempts.at(-2)).toBe(`${cached}: SHA-256 differs from ${CHINOOK_SHA256}`);
    expect(error.attempts.at(-1)).toMatch(/: download disabled$/);
  });

  test('says where it looked and what to do when nothing is found', async () => {
    const dir = await emptyDir();
    const error = await failure(
      resolveChinook({ searchFrom: [dir], cacheDir: join(dir, 'cache'), download: false }),
    );
    expect(error.code).toBe('DATASET_NOT_FOUND');
    expect(error.attempts.some((a) => a.startsWith(join(dir, 'shared')))).toBe(true);
    expect(error.message).toContain('NL2SQL_DATA_DIR');
    expect(error.message).toContain('To fix');
  });
});

describe('resolveChinook: downloads', () => {
  test('a tampered download is refused and leaves no file behind', async () => {
    const dir = await emptyDir();
    const error = await failure(
      resolveChinook({ searchFrom: [dir], cacheDir: dir, url: `${baseUrl}/bad` }),
    );
    expect(error.code).toBe('DATASET_HASH_MISMATCH');
    expect(error.message).toContain(`${baseUrl}/bad`);
    expect(await readdir(join(dir, 'chinook'))).toEqual([]);
  });

  test('an HTTP error is reported with its status', async () => {
    const dir = await emptyDir();
    const error = await failure(
      resolveChinook({ searchFrom: [dir], cacheDir: dir, url: `${baseUrl}/nope` }),
    );
    expect(error.code).toBe('DATASET_NOT_FOUND');
    expect(error.message).toContain('HTTP 404');
  });

  test('a server that never answers fails after timeoutMs, not later', async () => {
    const dir = await emptyDir();
    const started = performance.now();
    const error = await failure(
      resolveChinook({
        searchFrom: [dir],
        cacheDir: dir,
        url: `${baseUrl}/silent`,
        timeoutMs: 300,
      }),
    );
    expect(performance.now() - started).toBeLessThan(3000);
    expect(error.code).toBe('DATASET_NOT_FOUND');
    expect(error.message).toMatch(/download failed/);
  });

  test('an unreachable host fails at once', async () => {
    const dir = await emptyDir();
    const error = await failure(
      resolveChinook({ searchFrom: [dir], cacheDir: dir, url: 'http://127.0.0.1:9/chinook' }),
    );
    expect(error.message).toMatch(/http:\/\/127\.0\.0\.1:9\/chinook: download failed/);
  });
});

describe.skipIf(noChinook)('resolveChinook with the pinned file', () => {
  test('the documented lookup finds a verified copy', async () => {
    const found = await resolveChinook({ download: false });
    expect(['data-dir', 'shared', 'cache']).toContain(found.source);
    expect(await fileSha256(found.path)).toBe(CHINOOK_SHA256);
  });

  test('finds it in a shared folder above the starting folder', async () => {
    const root = await emptyDir();
    const path = await place(realBytes!, root, 'shared', 'datasets', 'chinook', CHINOOK_FILE);
    const start = join(root, 'checkout', 'packages', 'datasets');
    await mkdir(start, { recursive: true });
    const found = await resolveChinook({ searchFrom: [start], download: false });
    expect(found).toEqual({ path, source: 'shared' });
  });

  test('prefers NL2SQL_DATA_DIR/chinook/ over a shared copy', async () => {
    const dir = await emptyDir();
    await mkdir(join(dir, 'chinook'));
    await copyFile(chinook.path!, join(dir, 'chinook', CHINOOK_FILE));
    await place(realBytes!, dir, 'shared', 'datasets', 'chinook', CHINOOK_FILE);
    const found = await resolveChinook({ dataDir: dir, searchFrom: [dir], download: false });
    expect(found).toEqual({ path: join(dir, 'chinook', CHINOOK_FILE), source: 'data-dir' });
  });

  test('finds it in the download cache', async () => {
    const dir = await emptyDir();
    const path = await place(realBytes!, dir, 'cache', 'chinook', CHINOOK_FILE);
    const found = await resolveChinook({
      searchFrom: [join(dir, 'work')],
      cacheDir: join(dir, 'cache'),
      download: false,
    });
    expect(found).toEqual({ path, source: 'cache' });
  });

  test('refuses a copy whose bytes differ, naming it and the expected hash', async () => {
    const dir = await emptyDir();
    await writeFile(join(dir, CHINOOK_FILE), Buffer.concat([realBytes!, Buffer.from('x')]));
    const error = await failure(
      resolveChinook({ dataDir: dir, searchFrom: [dir], download: false }),
    );
    expect(error.code).toBe('DATASET_HASH_MISMATCH');
    expect(error.message).toContain(join(dir, CHINOOK_FILE));
    expect(error.message).toContain(CHINOOK_SHA256);
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
});
