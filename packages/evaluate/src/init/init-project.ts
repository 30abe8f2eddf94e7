// `initProject()`: `nl2sql init` as a function. It lists the database's tables and writes
// a project for it in the working directory: evals.yaml, an empty suite and a README of next
// steps; nothing at all when one of those files exists (a half-made project is worse than
// none). A PostgreSQL URL is used to list the tables, never written or shown.

import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { Datasource } from '@nl2sql/datasource';
import { NAME_PATTERN } from '@nl2sql/project';
import { checkOptions } from '../check-options.js';
import { INIT_OPTIONS, type InitProjectOptions } from '../commands/command-options.js';
import { openDatabase } from '../datasources/open-database.js';
import { openPostgresDatabase } from '../datasources/open-postgres.js';
import { configError, usageError } from '../evaluate-error.js';
import { EXIT, type ExitCode } from '../exit-codes.js';
import { type Io, processIo } from '../io.js';
import { listFlag } from '../run/list-flag.js';
import { datasourceIdFor, type InitFile, initFiles } from './init-files.js';
import {
  datasourceIdFromUrl,
  initRoles,
  isPostgresUrl,
  parsePostgresUrl,
  postgresInitFiles,
  postgresInitNote,
  shownUrl,
} from './init-postgres.js';

export interface InitProjectResult {
  exitCode: ExitCode;
  /** The files written, relative to the working directory, in the order written. */
  files: string[];
  datasource: string;
  /** The database's tables, which the policy's role(s) may read. */
  tables: string[];
}

/** The database as evals.yaml names it: relative to the project folder, with `/`. */
function databasePathFor(dir: string, db: string): string {
  const rel = relative(dir, db);
  if (rel === '' || isAbsolute(rel)) return db;
  return rel.split(sep).join('/');
}

function checkedId(datasource: string): string {
  if (!new RegExp(NAME_PATTERN).test(datasource))
    throw usageError(
      `--datasource ${JSON.stringify(datasource)}: use letters, digits, _, . and - (starting with a letter or digit)`,
    );
  return datasource;
}

/** Refuses when one of `files` exists: said before the database is opened, as the names do not depend on it. */
function refuseExisting(cwd: string, files: readonly InitFile[]): void {
  const existing = files.map((f) => f.path).filter((p) => existsSync(join(cwd, p)));
  if (existing.length > 0)
    throw configError(
      `init writes nothing over existing files: ${existing.join(', ')} already exist in ${cwd}`,
    );
}

async function writeNew(cwd: string, files: readonly InitFile[]): Promise<void> {
  refuseExisting(cwd, files);
  for (const file of files) {
    const path = join(cwd, file.path);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, file.text, { encoding: 'utf8', flag: 'wx' });
  }
}

async function tablesOf(opened: Datasource): Promise<string[]> {
  try {
    return (await opened.introspect({ rowCounts: false })).tables.map((t) => t.name);
  } finally {
    await opened.close();
  }
}

/** Writes the project `options.db` asks for in `io.cwd` and prints what was written. */
export async function initProject(
  options: InitProjectOptions,
  io: Io = processIo(),
): Promise<InitProjectResult> {
  checkOptions(INIT_OPTIONS, options, 'initProject');
  if (isPostgresUrl(options.db)) return initPostgres(options, io);
  if (options.roles !== undefined) throw usageError('--roles is for --db postgres://...');
  const db = resolve(io.cwd, options.db);
  const datasource = checkedId(options.datasource ?? datasourceIdFor(basename(db)));
  const databasePath = databasePathFor(io.cwd, db);
  refuseExisting(io.cwd, initFiles({ datasource, databasePath, tables: [] }));
  const tables = await tablesOf(await openDatabase(db));
  if (tables.length === 0) throw configError(`--db ${db}: the database has no tables`);
  const files = initFiles({ datasource, databasePath, tables });
  await writeNew(io.cwd, files);
  io.out(
    [
      `wrote ${files.map((f) => f.path).join(', ')}`,
      `datasource ${datasource}: ${tables.length} table(s), all readable by role analyst`,
      'next: nl2sql suite import PAIRS_FILE (see README.md)',
    ].join('\n'),
  );
  return { exitCode: EXIT.ok, files: files.map((f) => f.path), datasource, tables };
}

async function initPostgres(options: InitProjectOptions, io: Io): Promise<InitProjectResult> {
  const url = parsePostgresUrl(options.db);
  const datasource = checkedId(options.datasource ?? datasourceIdFromUrl(url));
  const roles = options.roles === undefined ? undefined : (listFlag(options.roles) ?? []).join(',');
  const base = { datasource, roles: initRoles(roles), server: shownUrl(url) };
  refuseExisting(io.cwd, postgresInitFiles({ ...base, tables: [] }));
  const tables = await tablesOf(await openPostgresDatabase(options.db, '--db'));
  if (tables.length === 0) throw configError(`--db ${base.server}: the database has no tables`);
  const input = { ...base, tables };
  const files = postgresInitFiles(input);
  await writeNew(io.cwd, files);
  io.out([`wrote ${files.map((f) => f.path).join(', ')}`, ...postgresInitNote(input)].join('\n'));
  return { exitCode: EXIT.ok, files: files.map((f) => f.path), datasource, tables };
}
