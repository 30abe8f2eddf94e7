// `nl2sql db up chinook --engine duckdb`: DuckDB needs no server, so "up" writes the file. The
// extension that reads SQLite files cannot be installed here (and the adapter never loads
// extensions), so the copy goes through the project's own SQLite adapter and is checked row
// for row before the file is put in place.

import { resolve } from 'node:path';
import { DatasetError, locateChinook } from '@nl2sql/datasets';
import { DatasourceError } from '@nl2sql/datasource';
import { openDatabase } from '@nl2sql/evaluate';
import { configError, usageError } from '../cli-error.js';
import type { CommandRun } from '../command.js';
import { EXIT, type ExitCode } from '../exit-codes.js';

type Flags = Parameters<CommandRun>[0]['flags'];
type Io = Parameters<CommandRun>[1];

/** Write Chinook as a DuckDB file at `--out` (default `chinook.duckdb`) and print what was checked. */
export async function writeChinookDuckdb(flags: Flags, io: Io): Promise<ExitCode> {
  if (flags.port !== undefined) throw usageError('--port is for --engine postgres');
  const out = resolve(io.cwd, typeof flags.out === 'string' ? flags.out : 'chinook.duckdb');
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
    return EXIT.ok;
  } catch (error) {
    if (error instanceof DuckdbCopyError || error instanceof DatasourceError) {
      throw configError(`--out ${out}: ${error.message}`);
    }
    throw error;
  } finally {
    await sqlite.close();
  }
}
