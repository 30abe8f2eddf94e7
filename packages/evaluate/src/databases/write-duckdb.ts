// `db up chinook --engine duckdb`: DuckDB needs no server, so "up" writes the file. The
// extension that reads SQLite files cannot be installed here (and the adapter never loads
// extensions), so the copy goes through the project's own SQLite adapter and is checked row
// for row before the file is put in place.

import { DatasetError, locateChinook } from '@nl2sql/datasets';
import { DatasourceError } from '@nl2sql/datasource';
import { openDatabase } from '../datasources/open-database.js';
import { configError } from '../evaluate-error.js';
import { EXIT } from '../exit-codes.js';
import type { Io } from '../io.js';
import type { WrittenDuckdb } from './started-database.js';

/** Writes Chinook as a DuckDB file at `out` (absolute) and prints what was checked. */
export async function writeChinookDuckdb(out: string, io: Io): Promise<WrittenDuckdb> {
  let sqlitePath: string;
  try {
    sqlitePath = await locateChinook();
  } catch (error) {
    if (error instanceof DatasetError) throw configError(error.message);
    throw error;
  }
  const { DuckdbCopyError, writeDuckdbCopy } = await import('@nl2sql/datasource-duckdb');
  const sqlite = await openDatabase(sqlitePath, 'Chinook');
  try {
    const copy = await writeDuckdbCopy(sqlite, out);
    for (const table of copy.tables) {
      io.out(`table ${table.name}: ${table.rows} rows, sha256 ${table.sha256}`);
    }
    io.out(`fingerprint: ${copy.fingerprint.copy}`);
    const rows = copy.tables.reduce((n, t) => n + t.rows, 0);
    const same = copy.fingerprint.copy === copy.fingerprint.source;
    io.err(
      `nl2sql: wrote ${copy.file}: ${copy.tables.length} tables, ${rows} rows, each table's rows equal to ${sqlitePath}'s; schema fingerprint ${same ? 'equal to' : 'different from'} the SQLite file's`,
    );
    return {
      exitCode: EXIT.ok,
      engine: 'duckdb',
      file: copy.file,
      tables: copy.tables.map(({ name, rows, sha256 }) => ({ name, rows, sha256 })),
      fingerprint: { copy: copy.fingerprint.copy, source: copy.fingerprint.source },
      stop: async () => {},
    };
  } catch (error) {
    if (error instanceof DuckdbCopyError || error instanceof DatasourceError) {
      throw configError(`--out ${out}: ${error.message}`);
    }
    throw error;
  } finally {
    await sqlite.close();
  }
}
