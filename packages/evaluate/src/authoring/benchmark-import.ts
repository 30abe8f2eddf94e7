// `suite import --format spider|bird|dataset|defog`: reading a public benchmark's files into pairs,
// and what a project needs to hold them. One datasource per db_id: a folder with no
// evals.yaml gets one written (every database of the file, no policy, the suite
// suites/<format>.yaml); an evals.yaml lacking some db_ids is told the lines to add, and
// nothing is written. Without a policy every case's outcome is one default role's
// (allowed: the benchmarks have no access rules). Why: decisions/benchmark-import.md.

import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { Project } from '@nl2sql/project';
import { RESULTS_END, RESULTS_START } from '@nl2sql/records';
import {
  type AccessPolicy,
  type BenchmarkDatabase,
  isDefogHeader,
  PairsFileError,
  type ReadPairsResult,
  readBird,
  readDatasetRecords,
  readPairs,
  readSpider,
} from '@nl2sql/suite';
import { configError, usageError } from '../evaluate-error.js';
import { INIT_ROLE, projectFiles } from '../init/init-files.js';
import { optionOf } from '../option-name.js';
import type { OpenDatasource } from '../project/datasource-limits.js';
import { IMPORT_FORMATS, type ImportFormat, type SuiteImportOptions } from './authoring-options.js';
import { shownPath } from './review-text.js';

/** What the import read: the pairs and, for a benchmark, the databases they ask about. */
export interface ImportSource extends ReadPairsResult {
  readonly format: ImportFormat;
  /** Spider's and BIRD's databases (empty for pairs and dataset records). */
  readonly databases: readonly BenchmarkDatabase[];
}

/** The --format given (default pairs); another word is a usage error. */
export function importFormat(options: Pick<SuiteImportOptions, 'format'>): ImportFormat {
  const value = options.format ?? 'pairs';
  if (typeof value !== 'string' || !(IMPORT_FORMATS as readonly string[]).includes(value))
    throw usageError(`--format: one of ${IMPORT_FORMATS.join(', ')}`);
  return value as ImportFormat;
}

/** `--tables` / `--db-dir`: resolved when the format needs it, refused when it does not. */
function pathFlag(
  options: SuiteImportOptions,
  name: 'tables' | 'db-dir',
  cwd: string,
  needed: boolean,
  fmt: ImportFormat,
) {
  const value = optionOf(options, name);
  if (typeof value === 'string') {
    if (!needed) throw usageError(`--${name} is for another --format than ${fmt}`);
    return resolve(cwd, value);
  }
  if (needed) throw usageError(`--format ${fmt} needs --${name}`);
  return undefined;
}

/**
 * `--format defog` is the pairs reader's defog path, said outright: the file must be a CSV
 * whose header names `query` and not `sql` (sql-eval's questions file), or it is refused at
 * line 1 rather than read as plain pairs.
 */
async function assertDefogQuestions(path: string, shown: string): Promise<void> {
  if (!path.toLowerCase().endsWith('.csv'))
    throw configError(`${shown}: --format defog reads sql-eval's questions CSV (a .csv file)`);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw configError(`${shown}: cannot read (${(error as Error).message})`);
  }
  const header = (text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '')
    .split(',')
    .map((c) => c.trim().replace(/^"|"$/g, ''));
  if (!isDefogHeader(header))
    throw configError(
      `${shown}:1: --format defog: the header names ${header.join(', ') || 'nothing'}; sql-eval's questions file has a query column and no sql column`,
    );
}

/** Reads FILE in the --format given; a file that cannot be read at all is exit 3. */
export async function readImportSource(
  options: SuiteImportOptions,
  path: string,
  cwd: string,
): Promise<ImportSource> {
  const fmt = importFormat(options);
  const tables = pathFlag(options, 'tables', cwd, fmt === 'spider', fmt);
  const dbDir = pathFlag(options, 'db-dir', cwd, fmt === 'spider' || fmt === 'bird', fmt);
  const questions = { path, shown: shownPath(cwd, path) };
  try {
    if (fmt === 'spider' && tables !== undefined && dbDir !== undefined)
      return {
        format: fmt,
        ...(await readSpider({
          questions,
          tables: { path: tables, shown: shownPath(cwd, tables) },
          dbDir,
        })),
      };
    if (fmt === 'bird' && dbDir !== undefined)
      return { format: fmt, ...(await readBird({ questions, dbDir })) };
    if (fmt === 'defog') await assertDefogQuestions(path, questions.shown);
    const read =
      fmt === 'dataset'
        ? await readDatasetRecords(path, questions.shown)
        : await readPairs(path, questions.shown);
    return { format: fmt, ...read, databases: [] };
  } catch (error) {
    if (error instanceof PairsFileError) throw configError(error.message);
    throw error;
  }
}

/** A path as evals.yaml in `dir` names it: relative with `/` when inside, else absolute. */
function projectPath(dir: string, path: string): string {
  const rel = relative(dir, path);
  if (rel === '' || isAbsolute(rel) || rel.startsWith('..')) return path;
  return rel.split(sep).join('/');
}

/**
 * Writes a project for a benchmark's databases in `cwd` (evals.yaml, suites/<format>.yaml,
 * README.md); refuses when one of those exists. Returns what to say on stderr.
 */
export async function writeBenchmarkProject(
  cwd: string,
  source: ImportSource,
): Promise<{ file: string; note: string }> {
  if (source.databases.length === 0)
    throw configError(
      `suite import works in a project: there is no evals.yaml in ${cwd}, and no database of ${source.format} could be found for a record`,
    );
  const files = projectFiles({
    suite: source.format,
    datasources: Object.fromEntries(
      source.databases.map((d) => [d.id, { engine: 'sqlite', path: projectPath(cwd, d.path) }]),
    ),
    readme: (suitePath) => benchmarkReadme(source.format, suitePath),
  });
  const existing = files.map((f) => f.path).filter((p) => existsSync(join(cwd, p)));
  if (existing.length > 0)
    throw configError(
      `there is no evals.yaml in ${cwd}, and import writes a project only where none of its files exist: ${existing.join(', ')} already exist`,
    );
  for (const file of files) {
    await mkdir(dirname(join(cwd, file.path)), { recursive: true });
    await writeFile(join(cwd, file.path), file.text, { encoding: 'utf8', flag: 'wx' });
  }
  return {
    file: join(cwd, 'evals.yaml'),
    note: `wrote ${files.map((f) => f.path).join(', ')}: ${source.databases.length} datasource(s), one per db_id, no policy (docs/evals-yaml.md)`,
  };
}

/** Refuses (exit 3, nothing written) when evals.yaml lacks a db_id, with the lines to add. */
export function requireBenchmarkDatasources(
  project: Project,
  source: ImportSource,
  cwd: string,
): void {
  const known = new Set(project.datasources.map((d) => d.id));
  const missing = source.databases.filter((d) => !known.has(d.id));
  if (missing.length === 0) return;
  const dir = project.file === null ? cwd : dirname(project.file);
  throw configError(
    [
      `${project.file ?? 'the project'}: no datasource for ${missing.length} db_id(s) of the ${source.format} file; add under datasources: (nothing was written)`,
      ...missing.flatMap((d) => [
        `  ${d.id}:`,
        '    engine: sqlite',
        `    path: ${projectPath(dir, d.path)}`,
      ]),
    ].join('\n'),
  );
}

/**
 * The policy outcomes come from: the project's, or, for a benchmark without one, one
 * default role reading every table of every datasource (so each outcome is allowed).
 */
export async function importPolicy(
  project: Project,
  source: ImportSource,
  databases: ReadonlyMap<string, OpenDatasource>,
  role: string | undefined,
): Promise<Pick<AccessPolicy, 'roles'>> {
  const policy = project.policy;
  if (policy !== undefined && Object.keys(policy.roles).length > 0) {
    if (role !== undefined)
      throw usageError(`--role is for a project without a policy; ${project.file} has roles`);
    return policy;
  }
  if (source.format === 'pairs' || source.format === 'defog')
    throw configError(
      `${project.file ?? 'the project'}: no policy roles; import writes each role's outcome from them (or give a benchmark --format, whose cases are one default role's)`,
    );
  const tables = new Set<string>();
  for (const db of databases.values())
    for (const t of (await db.introspect({ rowCounts: false })).tables) tables.add(t.name);
  return { roles: { [role ?? INIT_ROLE]: { tables: [...tables].sort() } } };
}

/** Refuses when a Spider database lacks a table its tables.json lists (a wrong --db-dir). */
export async function checkBenchmarkTables(
  source: ImportSource,
  databases: ReadonlyMap<string, OpenDatasource>,
): Promise<void> {
  for (const d of source.databases) {
    const db = databases.get(d.id);
    if (db === undefined || d.tables === undefined) continue;
    const has = new Set(
      (await db.introspect({ rowCounts: false })).tables.map((t) => t.name.toLowerCase()),
    );
    const lacking = d.tables.filter((t) => !has.has(t.toLowerCase()));
    if (lacking.length > 0)
      throw configError(
        `datasource ${d.id}: the database has no table(s) ${lacking.join(', ')} that tables.json lists for it; is it the ${d.id} of this benchmark?`,
      );
  }
}

function benchmarkReadme(fmt: ImportFormat, suitePath: string): string {
  return `# ${fmt} evals: next steps

\`nl2sql suite import --format ${fmt}\` made this project: \`evals.yaml\` (one SQLite
datasource per db_id, no policy: every role reads every table) and the suite
\`${suitePath}\` of draft cases. Every key of evals.yaml: docs/evals-yaml.md in nl2sql-evals.

1. Check the drafts: \`nl2sql suite lint\`, \`nl2sql suite review\`; approve them
   (\`nl2sql suite review --approve all\`; only approved cases run).
2. Add your system under \`engines\` (see the commented stubs) and run it:
   \`nl2sql eval run --engine mine --save runs/first.json\`.
3. When the databases change, rewrite the gold rows: \`nl2sql suite regenerate\`.

## Results

${RESULTS_START}
${RESULTS_END}
`;
}
