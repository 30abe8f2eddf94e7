// `suiteImport()`: `nl2sql suite import FILE` as a function. Question/SQL pairs (or a
// benchmark's questions, benchmark-import.ts) become draft cases appended to the project's
// suite, with their gold rows from its datasources; a pair that fails is left out with its
// line (exit 1, the others added). Returns what was added and left out.

import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { dirname, relative, resolve, sep } from 'node:path';
import {
  type EvalCase,
  formatSuite,
  importPairs,
  type PairProblem,
  packagedSuite,
} from '@nl2sql/suite';
import { checkOptions } from '../check-options.js';
import { configError } from '../evaluate-error.js';
import { EXIT, type ExitCode } from '../exit-codes.js';
import { type Io, processIo } from '../io.js';
import { openProjectBeforeData, projectFile } from '../project/open-project.js';
import { openDatasources } from '../project/project-datasources.js';
import { chooseSuite } from '../project/project-suite.js';
import { suiteMaxBytes } from '../project/suite-size.js';
import { loadRunSuite } from '../run/run-suite-file.js';
import { SUITE_IMPORT_OPTIONS, type SuiteImportOptions } from './authoring-options.js';
import {
  checkBenchmarkTables,
  type ImportSource,
  importFormat,
  importPolicy,
  readImportSource,
  requireBenchmarkDatasources,
  writeBenchmarkProject,
} from './benchmark-import.js';
import { layoutNote } from './layout-note.js';
import { shownPath } from './review-text.js';

/** What `suiteImport()` did. */
export interface SuiteImportResult {
  readonly exitCode: ExitCode;
  /** The suite appended to (absolute). */
  readonly path: string;
  /** The evals.yaml written for a benchmark's databases (no project before), else null. */
  readonly projectWritten: string | null;
  /** The draft cases added, in the file's order. */
  readonly added: readonly EvalCase[];
  /** The pairs left out, by line, and why. */
  readonly leftOut: readonly PairProblem[];
}

/**
 * Imports `options.file` into the project's suite as `nl2sql suite import` does. Throws an
 * EvaluateError (exit 2 or 3) when nothing could be imported; nothing is written then.
 */
export async function suiteImport(
  options: SuiteImportOptions,
  io: Io = processIo(),
): Promise<SuiteImportResult> {
  checkOptions(SUITE_IMPORT_OPTIONS, options, 'suiteImport');
  const pairsPath = resolve(io.cwd, options.file);
  const format = importFormat(options);
  const inProject = options.suite !== undefined || projectFile(options, io.cwd) !== undefined;
  // Without evals.yaml the built-in project's suite is the packaged Chinook one, which
  // import refuses; a benchmark's files say enough to write a project, pairs do not.
  if (!inProject && (format === 'pairs' || format === 'dataset' || format === 'defog'))
    throw configError(
      `suite import works in a project: there is no evals.yaml in ${io.cwd} (nl2sql init --db PATH writes one; or give --config FILE)`,
    );
  let read: ImportSource | undefined;
  let config = options.config;
  if (!inProject) {
    // A benchmark's db_ids say which datasources the project it writes needs.
    read = await readImportSource(options, pairsPath, io.cwd);
    const written = await writeBenchmarkProject(io.cwd, read);
    io.err(written.note);
    config = written.file;
  }
  // Everything but the database first (decisions/eval-run-checks-before-data.md): the suite,
  // the policy and the pairs file are reported whether or not the database can be found.
  const opening = await openProjectBeforeData(config === undefined ? {} : { config }, io);
  const settings = opening.settings;
  const suitePath = chooseSuite(settings, options.suite, io.cwd, '--suite NAME|PATH').path;
  const packaged = await packagedSuite(suitePath);
  if (packaged)
    throw configError(
      `${suitePath} ships inside ${packaged.packageName ?? 'an installed package'}; import into a suite of your own (nl2sql init writes one)`,
    );
  if (!existsSync(suitePath))
    throw configError(`${suitePath}: no such suite file (nl2sql init writes an empty one)`);
  const suite = await loadRunSuite(suitePath, suiteMaxBytes(options.maxSuiteMb));
  const policy = settings.policy;
  if (
    (format === 'pairs' || format === 'defog') &&
    (policy === undefined || Object.keys(policy.roles).length === 0)
  )
    throw configError(
      `${settings.file ?? 'the project'}: no policy roles; import writes each role's outcome from them`,
    );
  // The file after the suite and the policy, so their errors come first, as they always have.
  read ??= await readImportSource(options, pairsPath, io.cwd);
  if (read.databases.length > 0) requireBenchmarkDatasources(settings, read, io.cwd);
  const databases = await openDatasources(await opening.located());
  let result: Awaited<ReturnType<typeof importPairs>>;
  try {
    await checkBenchmarkTables(read, databases.byId);
    result = await importPairs(suite, read.pairs, {
      datasources: Object.fromEntries(databases.byId),
      policy: await importPolicy(settings, read, databases.byId, options.role),
    });
  } finally {
    await databases.close();
  }

  // A case names its pairs file relative to the suite's folder, so the suite reads the same
  // from any working directory.
  const fromSuite = relative(dirname(suitePath), pairsPath).split(sep).join('/');
  const added = new Set<EvalCase>(result.added);
  const addedCases: EvalCase[] = [];
  const cases = result.suite.cases.map((c) => {
    if (!added.has(c)) return c;
    const named =
      typeof c.source === 'object' ? { ...c, source: { ...c.source, file: fromSuite } } : c;
    addedCases.push(named);
    return named;
  });
  if (result.added.length > 0) {
    const note = await layoutNote(suitePath, suite);
    await writeFile(suitePath, formatSuite({ ...result.suite, cases }), 'utf8');
    if (note !== undefined) io.err(note);
  }

  const leftOut: PairProblem[] = [...read.problems, ...result.leftOut].sort(
    (a, b) => a.line - b.line,
  );
  for (const problem of leftOut) io.err(`left out: ${problem.message}`);
  const where = shownPath(io.cwd, suitePath);
  io.out(
    [
      `${where}: added ${result.added.length} draft case(s) from ${shownPath(io.cwd, pairsPath)}` +
        (leftOut.length > 0 ? `; ${leftOut.length} pair(s) left out (listed above)` : ''),
      result.added.length > 0
        ? `next: nl2sql suite review ${where} (only approved cases run)`
        : 'nothing was written',
    ].join('\n'),
  );
  return {
    exitCode: leftOut.length > 0 ? EXIT.failed : EXIT.ok,
    path: suitePath,
    projectWritten: inProject ? null : (config ?? null),
    added: addedCases,
    leftOut,
  };
}
