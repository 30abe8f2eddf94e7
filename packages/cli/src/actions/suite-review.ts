import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { CHINOOK_SUITE_PATH } from '@nl2sql/datasets';
import {
  approveCases,
  packagedSuite,
  UnknownCaseError,
  unapprovedCases,
  writeSuite,
} from '@nl2sql/suite';
import { layoutNote } from '../authoring/layout-note.js';
import { REVIEW_ROWS, reviewText, shownPath } from '../authoring/review-text.js';
import { configError, usageError } from '../cli-error.js';
import type { CommandRun, Flags } from '../command.js';
import { suiteMaxBytes } from '../commands/suite-size-option.js';
import { loadRunSuite } from '../eval/run-suite-file.js';
import { EXIT } from '../exit-codes.js';
import { loadProjectFile, projectFile } from '../project/open-project.js';

/** A repeatable, comma-separated flag (`--approve a,b --approve c`). */
function list(value: Flags[string]): string[] {
  const values = Array.isArray(value) ? value : value === undefined ? [] : [String(value)];
  return values
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter((v) => v !== '');
}

/** `nl2sql suite review [SUITE]`; options are described in commands/suite-review.ts. */
export const runSuiteReview: CommandRun = async ({ flags, positionals }, io) => {
  // Review reads no database: the project is only asked which suite is the default.
  const file = positionals[0] === undefined ? projectFile(flags, io.cwd) : undefined;
  const project = file === undefined ? undefined : await loadProjectFile(file, io.env);
  const path = resolve(io.cwd, positionals[0] ?? project?.suites[0] ?? CHINOOK_SUITE_PATH);
  if (!existsSync(path)) throw configError(`${path}: no such file`);
  const suite = await loadRunSuite(path, suiteMaxBytes(flags['max-suite-mb']));
  const where = shownPath(io.cwd, path);

  if (flags.approve !== undefined) {
    const ids = list(flags.approve);
    if (ids.length === 0) throw usageError('--approve needs case ids (ID,..)');
    let result: ReturnType<typeof approveCases>;
    try {
      result = approveCases(suite, ids);
    } catch (error) {
      if (error instanceof UnknownCaseError) throw usageError(`${where}: ${error.message}`);
      throw error;
    }
    if (result.approved.length > 0) {
      const packaged = await packagedSuite(path);
      if (packaged)
        throw configError(
          `${path} ships inside ${packaged.packageName ?? 'an installed package'}; nothing was written`,
        );
      const note = await layoutNote(path, suite);
      await writeSuite(path, result.suite);
      if (note !== undefined) io.err(note);
    }
    const left = unapprovedCases(result.suite).length;
    io.out(
      [
        `${where}: approved ${result.approved.length} case(s)${result.approved.length > 0 ? ` (${result.approved.join(', ')})` : ''}`,
        ...(result.already.length > 0 ? [`already approved: ${result.already.join(', ')}`] : []),
        `${left} draft case(s) left`,
      ].join('\n'),
    );
    return EXIT.ok;
  }

  const drafts = unapprovedCases(suite);
  const rows = typeof flags.rows === 'number' ? flags.rows : REVIEW_ROWS;
  for (const c of drafts) io.out(`${reviewText(c, rows)}\n`);
  io.out(
    drafts.length === 0
      ? `${where}: no draft case; every case is approved`
      : `${where}: ${drafts.length} draft case(s); approve the right ones with nl2sql suite review --approve ID,..`,
  );
  return EXIT.ok;
};
