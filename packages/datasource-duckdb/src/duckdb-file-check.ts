import { open, stat } from 'node:fs/promises';
import { DatasourceError } from '@nl2sql/datasource';

// A DuckDB file's main header: a checksum, then the magic bytes "DUCK" at offset 8.
const MAGIC = Buffer.from('DUCK');
const MAGIC_OFFSET = 8;

function refuse(path: string, why: string): DatasourceError {
  return new DatasourceError('CONNECTION', `cannot open DuckDB ${path}: ${why}`);
}

/**
 * Look at the path before DuckDB does, so a wrong path is one line saying what is wrong, and
 * so a file of another kind is never handed to DuckDB, which would try to load an extension
 * for it (a SQLite file asks for the sqlite extension).
 */
export async function checkDuckdbFile(path: string): Promise<void> {
  let info: Awaited<ReturnType<typeof stat>>;
  try {
    info = await stat(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw refuse(path, 'no such file');
    if (code === 'ENOTDIR') throw refuse(path, 'a part of the path is not a directory');
    if (code === 'EACCES') throw refuse(path, 'permission denied');
    throw refuse(path, (error as Error).message);
  }
  if (info.isDirectory()) throw refuse(path, 'it is a directory, not a DuckDB database file');
  if (!info.isFile()) throw refuse(path, 'it is not a regular file');
  if (info.size === 0) throw refuse(path, 'the file is empty (0 bytes), not a DuckDB database');
  const header = Buffer.alloc(MAGIC_OFFSET + MAGIC.length);
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  try {
    handle = await open(path, 'r');
    await handle.read(header, 0, header.length, 0);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw refuse(path, code === 'EACCES' ? 'permission denied' : (error as Error).message);
  } finally {
    await handle?.close();
  }
  if (!header.subarray(MAGIC_OFFSET).equals(MAGIC)) {
    const sqlite = header.subarray(0, 6).toString('latin1') === 'SQLite';
    throw refuse(
      path,
      sqlite
        ? 'it is a SQLite file, not a DuckDB database (copy it with writeDuckdbCopy, or `nl2sql db up chinook --engine duckdb` for Chinook)'
        : 'not a DuckDB database (no "DUCK" magic bytes in its header)',
    );
  }
}
