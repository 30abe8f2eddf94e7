import { existsSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import {
  loadProjectFile,
  loadRunSuite,
  openSuiteDatabases,
  projectFile,
  reviewQueueFile,
} from '@nl2sql/evaluate';
import {
  APPROVE_ALL,
  approveCases,
  type EvalSuite,
  ProposalReviewError,
  packagedSuite,
  proposalLabels,
  proposalsAlreadyGold,
  RegenerateError,
  readLocatedAltSqlProposals,
  SuiteFormatError,
  settleAltSqlProposals,
  UnknownCaseError,
  unapprovedCases,
  writeReviewedSuite,
  writeSuite,
} from '@nl2sql/suite';
import { MANIFEST_FILE, testSuiteDir } from '@nl2sql/testsuite';
import { layoutNote } from '../authoring/layout-note.js';
import { packagedOwner } from '../authoring/packaged-owner.js';
import { proposalText, proposalView } from '../authoring/proposal-text.js';
import { REVIEW_ROWS, reviewText, shownPath } from '../authoring/review-text.js';
import {
  reviewRefusalJson,
  settledReviewJson,
  settledReviewText,
} from '../authoring/settled-review.js';
import { suiteRequirements } from '../authoring/suite-requirements.js';
import { CliError, configError, usageError } from '../cli-error.js';
import type { CommandRun, Flags } from '../command.js';
import { suiteMaxBytes } from '../commands/suite-size-option.js';
import { EXIT, type ExitCode } from '../exit-codes.js';
import type { Io } from '../io.js';
import { chooseSuite } from '../project/project-suite.js';

/** A repeatable, comma-separated flag (`--approve a,b --approve c`). */
function list(value: Flags[string]): string[] {
  const values = Array.isArray(value) ? value : value === undefined ? [] : [String(value)];
  return values
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter((v) => v !== '');
}

async function readQueue(file: string, suite: EvalSuite) {
  try {
    return await readLocatedAltSqlProposals(file, suite.name);
  } catch (error) {
    if (error instanceof SuiteFormatError) throw configError(error.message, error);
    throw error;
  }
}

/** `--approve ID,..`: marks draft cases approved. */
async function approveDrafts(
  ids: string[],
  suite: EvalSuite,
  path: string,
  where: string,
  io: Io,
): Promise<ExitCode> {
  if (ids.length === 0) throw usageError('--approve needs case ids (ID,..) or all');
  if (ids.includes(APPROVE_ALL) && ids.length > 1)
    throw usageError(`--approve ${APPROVE_ALL} approves every draft; give it alone`);
  let result: ReturnType<typeof approveCases>;
  try {
    result = approveCases(suite, ids[0] === APPROVE_ALL ? APPROVE_ALL : ids);
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
  for (const { id, reason } of result.refused) io.err(`not approved: ${id}: ${reason}`);
  // `all` can name thousands of cases: the count says it, the ids would bury it.
  const named = ids[0] !== APPROVE_ALL && result.approved.length > 0;
  io.out(
    [
      `${where}: approved ${result.approved.length} case(s)${named ? ` (${result.approved.join(', ')})` : ''}`,
      ...(result.already.length > 0 ? [`already approved: ${result.already.join(', ')}`] : []),
      ...(result.refused.length > 0
        ? [`${result.refused.length} draft(s) not approved (listed above)`]
        : []),
      `${left} draft case(s) left`,
    ].join('\n'),
  );
  return result.refused.length > 0 ? EXIT.failed : EXIT.ok;
}

/** Why an approval into a packaged suite is refused, and how to do it on a copy. */
async function refusePackaged(path: string, queueFile: string, io: Io): Promise<void> {
  const packaged = await packagedSuite(path);
  if (!packaged) return;
  const owner = packagedOwner(packaged);
  const copy = join(io.cwd, basename(path));
  throw configError(
    [
      `${path} ships inside ${owner}; approving a proposal rewrites the suite, so nothing was written.`,
      `Copy it into the working folder, beside its review queue ${queueFile}, and approve there:`,
      `  cp ${path} ${copy}`,
      `  nl2sql suite review ${copy} --approve-proposal ID`,
      "(or, in the package's own checkout, nl2sql suite review --allow-packaged)",
    ].join('\n'),
  );
}

/** A refusal of settleAltSqlProposals as the CLI error it is (anything else unchanged). */
function settleRefusal(error: unknown): unknown {
  if (error instanceof ProposalReviewError) {
    const message = `${error.message}; nothing was written`;
    if (['UNKNOWN_PROPOSAL', 'AMBIGUOUS_PROPOSAL', 'APPROVED_AND_REJECTED'].includes(error.code))
      return usageError(message, error);
    if (error.code === 'UNKNOWN_DATASOURCE') return configError(message, error);
    return new CliError(message, EXIT.failed, error);
  }
  if (error instanceof SuiteFormatError || error instanceof RegenerateError)
    return configError(`${error.message}; nothing was written`, error);
  return error;
}

/** `--approve-proposal` / `--reject-proposal`: settles alt_sql proposals of the review queue. */
async function settleProposals(
  flags: Flags,
  project: Parameters<typeof openSuiteDatabases>[2],
  suite: EvalSuite,
  path: string,
  where: string,
  io: Io,
): Promise<ExitCode> {
  const approve = list(flags['approve-proposal']);
  const reject = list(flags['reject-proposal']);
  if (flags['approve-proposal'] !== undefined && approve.length === 0)
    throw usageError('--approve-proposal needs proposal ids (CASE_ID#N,..)');
  if (flags['reject-proposal'] !== undefined && reject.length === 0)
    throw usageError('--reject-proposal needs proposal ids (CASE_ID#N,..)');
  const queueFile = await reviewQueueFile(path, io.cwd);
  const queueShown = shownPath(io.cwd, queueFile);
  const { queue, lineOf } = await readQueue(queueFile, suite);
  // Rejecting only writes the queue; approving writes the suite, refused in a package.
  if (approve.length > 0 && flags['allow-packaged'] !== true)
    await refusePackaged(path, queueShown, io);
  const request = { approve, reject, date: new Date().toISOString().slice(0, 10) };
  const require = suiteRequirements(path);
  const place = { file: queueShown, lineOf, ...(require ? { require } : {}) };
  // Settled against no datasource first: that stops at the first query, after every check
  // that reads none (the ids against the queue and the suite), so those errors come first
  // whether or not a database can be opened (decisions/eval-run-checks-before-data.md); a
  // request that needs no query (rejections, approvals the suite already holds) ends there.
  let result: Awaited<ReturnType<typeof settleAltSqlProposals>> | undefined;
  try {
    result = await settleAltSqlProposals(suite, queue, request, new Map(), place);
  } catch (error) {
    if (!(error instanceof ProposalReviewError && error.code === 'UNKNOWN_DATASOURCE'))
      throw settleRefusal(error);
  }
  if (result === undefined) {
    const databases = await openSuiteDatabases(flags, io, project);
    try {
      result = await settleAltSqlProposals(suite, queue, request, databases.source, place);
    } catch (error) {
      throw settleRefusal(error);
    } finally {
      await databases.close();
    }
  }

  // The suite is renamed into place before the queue: a stop between them leaves proposals
  // the suite already holds, which the next review drops (decisions/suite-review-queue.md).
  const approved = result.approved.length > 0;
  const note = approved ? await layoutNote(path, suite) : undefined;
  try {
    await writeReviewedSuite(path, approved ? result.suite : undefined, queueFile, result.queue);
  } catch (error) {
    const failed = error as NodeJS.ErrnoException & { dest?: string };
    if (failed.code === undefined) throw error;
    // Only the queue's rename can fail after the suite's (writeReviewedSuite's order).
    const state =
      approved && failed.dest === queueFile
        ? `the suite was written and the queue was not; the next review drops the proposals ${where} now holds`
        : 'nothing was written';
    throw configError(`${queueShown}: cannot write the review: ${failed.message}; ${state}`);
  }
  if (note !== undefined) io.err(note);
  const testSuite = testSuiteDir(path);
  const files = {
    suite: where,
    queue: queueShown,
    suiteWritten: approved,
    staleTestSuite:
      approved && existsSync(join(testSuite, MANIFEST_FILE)) ? shownPath(io.cwd, testSuite) : null,
  };
  if (flags.json === true) io.out(JSON.stringify(settledReviewJson(result, files), null, 2));
  else io.out(settledReviewText(result, files));
  if (files.staleTestSuite !== null)
    io.err(
      `note: ${files.staleTestSuite} was built for the previous golds and eval run refuses it now; rebuild it with nl2sql suite testsuite ${where}`,
    );
  return EXIT.ok;
}

/** The drafts and the pending proposals, as text or JSON. */
async function listReview(
  flags: Flags,
  suite: EvalSuite,
  path: string,
  where: string,
  io: Io,
): Promise<ExitCode> {
  const drafts = unapprovedCases(suite);
  const rows = typeof flags.rows === 'number' ? flags.rows : REVIEW_ROWS;
  const queueFile = await reviewQueueFile(path, io.cwd);
  const queueShown = shownPath(io.cwd, queueFile);
  const { queue } = await readQueue(queueFile, suite);
  const byId = new Map(suite.cases.map((c) => [c.id, c]));
  const labels = proposalLabels(queue);
  const already = new Map(proposalsAlreadyGold(suite, queue).map((a) => [a.index, a.gold]));
  const proposals = queue.proposals.map((p, i) =>
    proposalView(labels[i] as string, p, byId.get(p.case_id), already.get(i) ?? null),
  );

  if (flags.json === true) {
    io.out(
      JSON.stringify(
        {
          suite: where,
          drafts: drafts.map((c) => ({
            id: c.id,
            question: c.question,
            source: c.source,
            datasource: c.datasource,
            outcome: c.outcome,
            sql: c.sql ?? null,
            rows: c.rows?.slice(0, rows) ?? null,
            row_count: c.rows?.length ?? null,
          })),
          queue: queueShown,
          proposals,
          rejected: queue.rejected?.length ?? 0,
        },
        null,
        2,
      ),
    );
    return EXIT.ok;
  }

  for (const c of drafts) io.out(`${reviewText(c, rows)}\n`);
  io.out(
    drafts.length === 0
      ? `${where}: no draft case; every case is approved`
      : `${where}: ${drafts.length} draft case(s); approve the right ones with nl2sql suite review --approve ID,..`,
  );
  for (const v of proposals) io.out(`\n${proposalText(v)}`);
  io.out(
    proposals.length === 0
      ? `${queueShown}: no alt_sql proposal waiting`
      : `${queueShown}: ${proposals.length} alt_sql proposal(s) from the judge; approve the right ones with --approve-proposal ID,.. (adds the SQL to the case and regenerates its rows), reject the others with --reject-proposal ID,..`,
  );
  return EXIT.ok;
}

/** `nl2sql suite review [SUITE]`; options are described in commands/suite-review.ts. */
export const runSuiteReview: CommandRun = async ({ flags, positionals }, io) => {
  const settling =
    flags['approve-proposal'] !== undefined || flags['reject-proposal'] !== undefined;
  if (settling && flags.approve !== undefined)
    throw usageError(
      '--approve (draft cases) and --approve-proposal / --reject-proposal are separate steps; give one at a time',
    );
  if (flags.json === true && flags.approve !== undefined)
    throw usageError(
      '--json lists the review, or reports --approve-proposal / --reject-proposal; it does not go with --approve',
    );
  if (!settling || flags.json !== true) return reviewSuite(flags, positionals, settling, io);
  // Settling with --json: a refusal is the same object on stdout, the exit code unchanged.
  try {
    return await reviewSuite(flags, positionals, settling, io);
  } catch (error) {
    if (error instanceof CliError) io.out(JSON.stringify(reviewRefusalJson(error), null, 2));
    throw error;
  }
};

async function reviewSuite(
  flags: Flags,
  positionals: readonly string[],
  settling: boolean,
  io: Io,
): Promise<ExitCode> {
  // Listing and approving drafts read no database: the project is only asked which suite is
  // the default, or which suite a NAME names. Approving a proposal reads its rows from the
  // project's datasources.
  const given = positionals[0];
  const file =
    given === undefined || settling || !existsSync(resolve(io.cwd, given))
      ? projectFile(flags, io.cwd)
      : undefined;
  const project = file === undefined ? undefined : await loadProjectFile(file, io.env);
  const { path } = chooseSuite(project, given, io.cwd, 'the SUITE (a NAME or PATH)');
  if (!existsSync(path)) throw configError(`${path}: no such file`);
  const suite = await loadRunSuite(path, suiteMaxBytes(flags['max-suite-mb']));
  const where = shownPath(io.cwd, path);

  if (flags.approve !== undefined)
    return approveDrafts(list(flags.approve), suite, path, where, io);
  if (settling) return settleProposals(flags, project, suite, path, where, io);
  return listReview(flags, suite, path, where, io);
}
