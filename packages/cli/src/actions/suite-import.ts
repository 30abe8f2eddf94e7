import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { dirname, relative, resolve, sep } from 'node:path';
import { loadRunSuite, openProjectBeforeData, projectFile } from '@nl2sql/evaluate';
import {
  type EvalCase,
  formatSuite,
  importPairs,
  type PairProblem,
  packagedSuite,
} from '@nl2sql/suite';
import {
  checkBenchmarkTables,
  type ImportSource,
  importFormat,
  importPolicy,
  readImportSource,
  requireBenchmarkDatasources,
  writeBenchmarkProject,
} from '../authoring/benchmark-import.js';
import { layoutNote } from '../authoring/layout-note.js';
import { shownPath } from '../authoring/review-text.js';
import { configError, usageError } from '../cli-error.js';
import type { CommandRun } from '../command.js';
import { suiteMaxBytes } from '../commands/suite-size-option.js';
import { EXIT } from '../exit-codes.js';
import { openDatasources } from '../project/project-datasources.js';
import { chooseSuite } from '../project/project-suite.js';

/** `nl2sql suite import FILE`; options are described in commands/suite-import.ts. */
export const runSuiteImport: CommandRun = async ({ flags, positionals }, io) => {
  const [file] = positionals;
  if (file === undefined) throw usageError('suite import needs the pairs FILE');
  const pairsPath = resolve(io.cwd, file);
  const format = importFormat(flags);
  const inProject = typeof flags.suite === 'string' || projectFile(flags, io.cwd) !== undefined;
  // Without evals.yaml the built-in project's suite is the packaged Chinook one, which
  // import refuses; a benchmark's files say enough to write a project, pairs do not.
  if (!inProject && (format === 'pairs' || format === 'dataset' || format === 'defog'))
    throw configError(
      `suite import works in a project: there is no evals.yaml in ${io.cwd} (nl2sql init --db PATH writes one; or give --config FILE)`,
    );
  let read: ImportSource | undefined;
  let projectFlags = flags;
  if (!inProject) {
    // A benchmark's db_ids say which datasources the project it writes needs.
    read = await readImportSource(flags, pairsPath, io.cwd);
    const written = await writeBenchmarkProject(io.cwd, read);
    io.err(written.note);
    projectFlags = { ...flags, config: written.file };
  }
  // Everything but the database first (decisions/eval-run-checks-before-data.md): the suite,
  // the policy and the pairs file are reported whether or not the database can be found.
  const opening = await openProjectBeforeData(projectFlags, io);
  const settings = opening.settings;
  const suitePath = chooseSuite(
    settings,
    typeof flags.suite === 'string' ? flags.suite : undefined,
    io.cwd,
    '--suite NAME|PATH',
  ).path;
  const packaged = await packagedSuite(suitePath);
  if (packaged)
    throw configError(
      `${suitePath} ships inside ${packaged.packageName ?? 'an installed package'}; import into a suite of your own (nl2sql init writes one)`,
    );
  if (!existsSync(suitePath))
    throw configError(`${suitePath}: no such suite file (nl2sql init writes an empty one)`);
  const suite = await loadRunSuite(suitePath, suiteMaxBytes(flags['max-suite-mb']));
  const policy = settings.policy;
  if (
    (format === 'pairs' || format === 'defog') &&
    (policy === undefined || Object.keys(policy.roles).length === 0)
  )
    throw configError(
      `${settings.file ?? 'the project'}: no policy roles; import writes each role's outcome from them`,
    );
  // The file after the suite and the policy, so their errors come first, as they always have.
  read ??= await readImportSource(flags, pairsPath, io.cwd);
  if (read.databases.length > 0) requireBenchmarkDatasources(settings, read, io.cwd);
  const databases = await openDatasources(await opening.located());
  let result: Awaited<ReturnType<typeof importPairs>>;
  try {
    await checkBenchmarkTables(read, databases.byId);
    result = await importPairs(suite, read.pairs, {
      datasources: Object.fromEntries(databases.byId),
      policy: await importPolicy(
        settings,
        read,
        databases.byId,
        typeof flags.role === 'string' ? flags.role : undefined,
      ),
    });
  } finally {
    await databases.close();
  }

  // A case names its pairs file relative to the suite's folder, so the suite reads the same
  // from any working directory.
  const fromSuite = relative(dirname(suitePath), pairsPath).split(sep).join('/');
  const added = new Set<EvalCase>(result.added);
  const cases = result.suite.cases.map((c) =>
    added.has(c) && typeof c.source === 'object'
      ? { ...c, source: { ...c.source, file: fromSuite } }
      : c,
  );
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
  return leftOut.length > 0 ? EXIT.failed : EXIT.ok;
};
