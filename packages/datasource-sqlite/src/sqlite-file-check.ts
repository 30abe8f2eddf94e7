import { open, stat } from 'node:fs/promises';
import { DatasourceError } from '@nl2sql/datasource';

/** The first 16 bytes of every SQLite 3 database file. */
const SQLITE_HEADER = Buffer.from('SQLite format 3\0', 'latin1');

function refuse(file: string, what: string, cause?: unknown): DatasourceError {
  return new DatasourceError('CONNECTION', `cannot open ${file}: ${what}`, { cause });
}

function errno(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Refuses, with a one-line reason that names the path, anything that is not a readable SQLite
 * database file: a missing path, a directory, a device or pipe (reading one could block), an
 * empty file (SQLite would open it as an empty database, so every query would fail with
 * "no such table"), and a file that does not start with the SQLite header.
 */
export async function checkSqliteFile(file: string): Promise<void> {
  let info: Awaited<ReturnType<typeof stat>>;
  try {
    info = await stat(file);
  } catch (error) {
    const code = errno(error);
    if (code === 'ENOENT') throw refuse(file, 'no such file', error);
    if (code === 'ENOTDIR') throw refuse(file, 'a part of the path is not a directory', error);
    if (code === 'EACCES') throw refuse(file, 'permission denied', error);
    throw refuse(file, (error as Error).message, error);
  }
  if (info.isDirectory()) throw refuse(file, 'it is a directory, not a SQLite database file');
  if (!info.isFile()) throw refuse(file, 'it is not a regular file');
  if (info.size === 0) throw refuse(file, 'the file is empty (0 bytes), not a SQLite database');
  const header = Buffer.alloc(SQLITE_HEADER.length);
  let read: number;
  try {
    const handle = await open(file, 'r');
    try {
      ({ bytesRead: read } = await handle.read(header, 0, header.length, 0));
    } finally {
      await handle.close();
    }
  } catch (error) {
    if (errno(error) === 'EACCES') throw refuse(file, 'permission denied', error);
    throw refuse(file, (error as Error).message, error);
  }
  if (read < header.length || !header.equals(SQLITE_HEADER)) {
    throw refuse(
      file,
      'not a SQLite database (the file does not start with the header "SQLite format 3")',
    );
  }
}
