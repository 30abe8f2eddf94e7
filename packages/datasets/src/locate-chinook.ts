import { existsSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CHINOOK_COMMIT,
  CHINOOK_FILE,
  CHINOOK_MYSQL_FILE,
  CHINOOK_MYSQL_SHA256,
  CHINOOK_MYSQL_URL,
  CHINOOK_SHA256,
  CHINOOK_URL,
} from './chinook.js';
import { DatasetError } from './dataset-error.js';
import { fileSha256 } from './file-sha256.js';

export interface LocateOptions {
  /** Overrides the NL2SQL_DATA_DIR environment variable. */
  dataDir?: string;
  /** Folders whose ancestors are searched for shared/datasets (default: cwd and this package). */
  searchFrom?: readonly string[];
  /** Where a download is stored when no data directory is set (default ~/.cache/nl2sql). */
  cacheDir?: string;
  /** Download address (default: the pinned upstream file). */
  url?: string;
  /** Set false to never touch the network. */
  download?: boolean;
  /** Download time limit in milliseconds (default 60 s). */
  timeoutMs?: number;
}

/** Where the verified file was found. */
export interface LocatedDataset {
  path: string;
  source: 'data-dir' | 'shared' | 'cache' | 'download';
}

/** One pinned file of the Chinook release: its name, its bytes' hash, where it is published. */
interface PinnedFile {
  file: string;
  sha256: string;
  url: string;
  /** How messages name it. */
  what: string;
}

const SQLITE_FILE: PinnedFile = {
  file: CHINOOK_FILE,
  sha256: CHINOOK_SHA256,
  url: CHINOOK_URL,
  what: 'Chinook database',
};

const MYSQL_SCRIPT: PinnedFile = {
  file: CHINOOK_MYSQL_FILE,
  sha256: CHINOOK_MYSQL_SHA256,
  url: CHINOOK_MYSQL_URL,
  what: 'Chinook MySQL script',
};

const verified = new Map<string, Promise<boolean>>();

/** Hash a candidate once per process: every test file asks for the database. */
function isVerified(path: string, sha256: string): Promise<boolean> {
  let result = verified.get(path);
  if (!result) {
    result = fileSha256(path).then((sha) => sha === sha256);
    verified.set(path, result);
  }
  return result;
}

/** shared/datasets/chinook/<file> above each starting folder, nearest first, without repeats. */
function sharedCandidates(starts: readonly string[], file: string): string[] {
  const found: string[] = [];
  for (const start of starts) {
    let dir = resolve(start);
    for (;;) {
      const candidate = join(dir, 'shared', 'datasets', 'chinook', file);
      if (!found.includes(candidate)) found.push(candidate);
      const parent = dirname(dir);
      if (parent === dir) break;
      dir = parent;
    }
  }
  return found;
}

function defaultCacheDir(): string {
  const xdg = process.env.XDG_CACHE_HOME;
  return join(xdg && xdg.length > 0 ? xdg : join(homedir(), '.cache'), 'nl2sql');
}

async function download(
  url: string,
  target: string,
  timeoutMs: number,
  sha256: string,
): Promise<string> {
  const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  if (!response.ok) throw new Error(`HTTP ${response.status} ${response.statusText}`);
  const bytes = Buffer.from(await response.arrayBuffer());
  await mkdir(dirname(target), { recursive: true });
  // Write beside the target and rename only once verified, so a half or wrong download
  // never sits where the next run would trust it.
  const partial = `${target}.${process.pid}.partial`;
  await writeFile(partial, bytes);
  const sha = await fileSha256(partial);
  if (sha !== sha256) {
    await rm(partial, { force: true });
    return sha;
  }
  await rename(partial, target);
  return sha;
}

/** The verified Chinook file's absolute path; see {@link resolveChinook} for the lookup order. */
export async function locateChinook(options: LocateOptions = {}): Promise<string> {
  return (await resolveChinook(options)).path;
}

/**
 * Finds the Chinook SQLite file and verifies its SHA-256. Looks in NL2SQL_DATA_DIR
 * (`<dir>/chinook/Chinook_Sqlite.sqlite` or `<dir>/Chinook_Sqlite.sqlite`), then in a
 * `shared/datasets/chinook/` folder beside the checkout, then in the download cache, and
 * last downloads the pinned file. Throws a DatasetError that lists every place tried.
 */
export function resolveChinook(options: LocateOptions = {}): Promise<LocatedDataset> {
  return resolvePinned(SQLITE_FILE, options);
}

/**
 * The verified Chinook_MySql.sql (the same upstream commit; SHA-256 {@link CHINOOK_MYSQL_SHA256})
 * through the same lookup as {@link resolveChinook}: NL2SQL_DATA_DIR, `shared/datasets/chinook/`
 * beside the checkout, the download cache, then the pinned download.
 */
export function resolveChinookMysql(options: LocateOptions = {}): Promise<LocatedDataset> {
  return resolvePinned(MYSQL_SCRIPT, options);
}

/** The verified Chinook MySQL script's absolute path. */
export async function locateChinookMysql(options: LocateOptions = {}): Promise<string> {
  return (await resolveChinookMysql(options)).path;
}

async function resolvePinned(pin: PinnedFile, options: LocateOptions): Promise<LocatedDataset> {
  const { file, sha256 } = pin;
  const attempts: string[] = [];
  const mismatches: string[] = [];
  const dataDir = options.dataDir ?? process.env.NL2SQL_DATA_DIR;

  const tryPath = async (path: string, source: LocatedDataset['source']) => {
    if (!existsSync(path)) {
      attempts.push(`${path}: not found`);
      return undefined;
    }
    if (await isVerified(path, sha256)) return { path, source };
    attempts.push(`${path}: SHA-256 differs from ${sha256}`);
    mismatches.push(path);
    return undefined;
  };

  if (dataDir) {
    for (const path of [join(dataDir, 'chinook', file), join(dataDir, file)]) {
      const hit = await tryPath(resolve(path), 'data-dir');
      if (hit) return hit;
    }
  } else {
    attempts.push('NL2SQL_DATA_DIR: not set');
  }

  const here = dirname(fileURLToPath(import.meta.url));
  for (const path of sharedCandidates(options.searchFrom ?? [process.cwd(), here], file)) {
    const hit = await tryPath(path, 'shared');
    if (hit) return hit;
  }

  const cacheTarget = dataDir
    ? resolve(dataDir, 'chinook', file)
    : join(options.cacheDir ?? defaultCacheDir(), 'chinook', file);
  if (!dataDir) {
    const hit = await tryPath(cacheTarget, 'cache');
    if (hit) return hit;
  }

  const url = options.url ?? pin.url;
  if (options.download !== false) {
    try {
      const sha = await download(url, cacheTarget, options.timeoutMs ?? 60_000, sha256);
      if (sha === sha256) {
        verified.set(cacheTarget, Promise.resolve(true));
        return { path: cacheTarget, source: 'download' };
      }
      attempts.push(`${url}: downloaded bytes have SHA-256 ${sha}, expected ${sha256}`);
      mismatches.push(url);
    } catch (error) {
      attempts.push(`${url}: download failed (${(error as Error).message})`);
    }
  } else {
    attempts.push(`${url}: download disabled`);
  }

  const code = mismatches.length > 0 ? 'DATASET_HASH_MISMATCH' : 'DATASET_NOT_FOUND';
  const headline =
    code === 'DATASET_HASH_MISMATCH'
      ? `Found a ${pin.what}, but its bytes are not the pinned file.`
      : `No ${pin.what} was found and none could be downloaded.`;
  throw new DatasetError(
    code,
    [
      headline,
      'Looked in:',
      ...attempts.map((a) => `  - ${a}`),
      `To fix: put the pinned ${file} (lerocha/chinook-database at commit`,
      `  ${CHINOOK_COMMIT}, SHA-256 ${sha256})`,
      '  in $NL2SQL_DATA_DIR/chinook/, or allow the download from',
      `  ${url}`,
    ].join('\n'),
    attempts,
  );
}
