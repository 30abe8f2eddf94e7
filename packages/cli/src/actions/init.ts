import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { openDatabase, openPostgresDatabase } from '@nl2sql/evaluate';
import { NAME_PATTERN } from '@nl2sql/project';
import { configError, usageError } from '../cli-error.js';
import type { CommandRun, Flags } from '../command.js';
import { EXIT, type ExitCode } from '../exit-codes.js';
import { datasourceIdFor, initFiles } from '../init/init-files.js';
import {
  datasourceIdFromUrl,
  initRoles,
  isPostgresUrl,
  type PostgresInitInput,
  parsePostgresUrl,
  postgresInitFiles,
  postgresInitNote,
  shownUrl,
} from '../init/init-postgres.js';
import type { Io } from '../io.js';

/** The database as evals.yaml names it: relative to the project folder, with `/`. */
function databasePathFor(dir: string, db: string): string {
  const rel = relative(dir, db);
  if (rel === '' || isAbsolute(rel)) return db;
  return rel.split(sep).join('/');
}

/** `nl2sql init`; options are described in commands/init.ts. */
export const runInit: CommandRun = async ({ flags }, io) => {
  if (typeof flags.db !== 'string')
    throw usageError('init needs --db PATH (your SQLite database) or --db postgres://...');
  if (isPostgresUrl(flags.db)) return runPostgresInit(flags.db, flags, io);
  if (flags.roles !== undefined) throw usageError('--roles is for --db postgres://...');
  const db = resolve(io.cwd, flags.db);
  const datasource =
    typeof flags.datasource === 'string' ? flags.datasource : datasourceIdFor(basename(db));
  if (!new RegExp(NAME_PATTERN).test(datasource))
    throw usageError(
      `--datasource ${JSON.stringify(datasource)}: use letters, digits, _, . and - (starting with a letter or digit)`,
    );
  const databasePath = databasePathFor(io.cwd, db);
  // Nothing is written unless every file is new: a half-made project is worse than none. The
  // files' names do not depend on the tables, so this is said before the database is opened
  // (decisions/eval-run-checks-before-data.md).
  const existing = initFiles({ datasource, databasePath, tables: [] })
    .map((f) => f.path)
    .filter((p) => existsSync(join(io.cwd, p)));
  if (existing.length > 0)
    throw configError(
      `init writes nothing over existing files: ${existing.join(', ')} already exist in ${io.cwd}`,
    );
  const opened = await openDatabase(db);
  let tables: string[];
  try {
    tables = (await opened.introspect({ rowCounts: false })).tables.map((t) => t.name);
  } finally {
    await opened.close();
  }
  if (tables.length === 0) throw configError(`--db ${db}: the database has no tables`);
  const files = initFiles({ datasource, databasePath, tables });
  for (const file of files) {
    const path = join(io.cwd, file.path);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, file.text, { encoding: 'utf8', flag: 'wx' });
  }
  io.out(
    [
      `wrote ${files.map((f) => f.path).join(', ')}`,
      `datasource ${datasource}: ${tables.length} table(s), all readable by role analyst`,
      'next: nl2sql suite import PAIRS_FILE (see README.md)',
    ].join('\n'),
  );
  return EXIT.ok;
};

/** Writes `files` in `cwd`, or nothing when one exists already (a half-made project is worse). */
async function writeNew(cwd: string, files: readonly { path: string; text: string }[]) {
  const existing = files.map((f) => f.path).filter((p) => existsSync(join(cwd, p)));
  if (existing.length > 0)
    throw configError(
      `init writes nothing over existing files: ${existing.join(', ')} already exist in ${cwd}`,
    );
  for (const file of files) {
    const path = join(cwd, file.path);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, file.text, { encoding: 'utf8', flag: 'wx' });
  }
}

/** `nl2sql init --db postgres://...`: the URL is used to list the tables, never written or shown. */
async function runPostgresInit(db: string, flags: Flags, io: Io): Promise<ExitCode> {
  const url = parsePostgresUrl(db);
  const datasource =
    typeof flags.datasource === 'string' ? flags.datasource : datasourceIdFromUrl(url);
  if (!new RegExp(NAME_PATTERN).test(datasource))
    throw usageError(
      `--datasource ${JSON.stringify(datasource)}: use letters, digits, _, . and - (starting with a letter or digit)`,
    );
  const base = { datasource, roles: initRoles(flags.roles), server: shownUrl(url) };
  // The file names do not depend on the tables: say so before connecting.
  const existing = postgresInitFiles({ ...base, tables: [] })
    .map((f) => f.path)
    .filter((p) => existsSync(join(io.cwd, p)));
  if (existing.length > 0)
    throw configError(
      `init writes nothing over existing files: ${existing.join(', ')} already exist in ${io.cwd}`,
    );
  const opened = await openPostgresDatabase(db, '--db');
  let tables: string[];
  try {
    tables = (await opened.introspect({ rowCounts: false })).tables.map((t) => t.name);
  } finally {
    await opened.close();
  }
  if (tables.length === 0) throw configError(`--db ${base.server}: the database has no tables`);
  const input: PostgresInitInput = { ...base, tables };
  const files = postgresInitFiles(input);
  await writeNew(io.cwd, files);
  io.out([`wrote ${files.map((f) => f.path).join(', ')}`, ...postgresInitNote(input)].join('\n'));
  return EXIT.ok;
}
