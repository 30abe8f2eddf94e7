import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { NAME_PATTERN } from '@nl2sql/project';
import { configError, usageError } from '../cli-error.js';
import type { CommandRun } from '../command.js';
import { EXIT } from '../exit-codes.js';
import { datasourceIdFor, initFiles } from '../init/init-files.js';
import { openDatabase } from '../open-database.js';

/** The database as evals.yaml names it: relative to the project folder, with `/`. */
function databasePathFor(dir: string, db: string): string {
  const rel = relative(dir, db);
  if (rel === '' || isAbsolute(rel)) return db;
  return rel.split(sep).join('/');
}

/** `nl2sql init`; options are described in commands/init.ts. */
export const runInit: CommandRun = async ({ flags }, io) => {
  if (typeof flags.db !== 'string') throw usageError('init needs --db PATH (your SQLite database)');
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
