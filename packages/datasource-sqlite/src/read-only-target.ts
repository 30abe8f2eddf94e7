// How a database file is opened so that reading it writes nothing beside it. A database in
// WAL mode makes every connection, read-only ones included, create `-wal` and `-shm` files in
// its folder and leave them there; SQLite's `immutable` URI parameter reads the file as one
// that cannot change (no locks, no shared-memory index, no WAL), and writes nothing.
import { copyFile, mkdtemp, open, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import sqlite3 from 'sqlite3';

export interface ReadOnlyTarget {
  /** What sqlite3.Database opens: the path, or a `file:` URI. */
  name: string;
  /** Open flags beyond OPEN_READONLY (OPEN_URI for a URI). */
  flags: number;
  /**
   * `plain`: a rollback-journal database, opened as is (reads take shared locks, write nothing);
   * `immutable`: a WAL database with no pending WAL, read as an unchanging file;
   * `private-copy`: a WAL database whose `-wal` holds commits not yet in the file, copied with
   * its WAL into a private folder and read there, so those commits are seen.
   */
  how: 'plain' | 'immutable' | 'private-copy';
  /** Removes the private copy, if one was made. */
  release(): Promise<void>;
}

const nothing = async () => undefined;

/** Byte 18 of the header (file format write version): 2 means WAL mode. */
async function inWalMode(file: string): Promise<boolean> {
  const header = Buffer.alloc(20);
  const handle = await open(file, 'r');
  try {
    const { bytesRead } = await handle.read(header, 0, header.length, 0);
    return bytesRead === header.length && header[18] === 2;
  } finally {
    await handle.close();
  }
}

async function sizeOf(file: string): Promise<number> {
  try {
    return (await stat(file)).size;
  } catch {
    return 0;
  }
}

/** The `file:` URI that opens `file` read-only and immutable (the path percent-encoded). */
export function immutableUri(file: string): string {
  return `${pathToFileURL(file).href}?mode=ro&immutable=1`;
}

/**
 * Decide how to open the (absolute, checked) database `file` read-only so that nothing is
 * created or changed beside it. The immutable reading assumes no other process writes the
 * file while it is open; see decisions/sqlite-wal-read-only.md.
 */
export async function readOnlyTarget(file: string): Promise<ReadOnlyTarget> {
  if (!(await inWalMode(file))) {
    return { name: file, flags: 0, how: 'plain', release: nothing };
  }
  if ((await sizeOf(`${file}-wal`)) === 0) {
    return {
      name: immutableUri(file),
      flags: sqlite3.OPEN_URI,
      how: 'immutable',
      release: nothing,
    };
  }
  const folder = await mkdtemp(join(tmpdir(), 'nl2sql-sqlite-'));
  const release = () => rm(folder, { recursive: true, force: true });
  try {
    const copy = join(folder, basename(file));
    await copyFile(file, copy);
    await copyFile(`${file}-wal`, `${copy}-wal`);
    return { name: copy, flags: 0, how: 'private-copy', release };
  } catch (error) {
    await release();
    throw error;
  }
}
