// `suite review --approve-proposal / --reject-proposal`: settles alt_sql proposals of the
// review queue. One request is all or nothing; approving rewrites the suite (its rows read
// from the project's datasources or --db) and is refused for a suite inside a package.

import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Project } from '@nl2sql/project';
import {
  type EvalSuite,
  ProposalReviewError,
  packagedSuite,
  RegenerateError,
  SuiteFormatError,
  settleAltSqlProposals,
  writeReviewedSuite,
} from '@nl2sql/suite';
import { MANIFEST_FILE, testSuiteDir } from '@nl2sql/testsuite';
import { configError, EvaluateError, usageError } from '../evaluate-error.js';
import { EXIT, type ExitCode } from '../exit-codes.js';
import type { Io } from '../io.js';
import { openSuiteDatabases } from '../project/suite-databases.js';
import { reviewQueueFile } from '../suite/review-queue-file.js';
import { listOption, type SuiteReviewOptions } from './authoring-options.js';
import { layoutNote } from './layout-note.js';
import { packagedOwner } from './packaged-owner.js';
import { readQueue } from './review-queue.js';
import { shownPath } from './review-text.js';
import { type SettledReviewJson, settledReviewJson, settledReviewText } from './settled-review.js';
import { suiteRequirements } from './suite-requirements.js';

/** What settling proposals did: `suite review --json`'s object. */
export interface SettledReview {
  readonly action: 'settle';
  readonly exitCode: ExitCode;
  readonly settled: SettledReviewJson;
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

/** A refusal of settleAltSqlProposals as the EvaluateError it is (anything else unchanged). */
function settleRefusal(error: unknown): unknown {
  if (error instanceof ProposalReviewError) {
    const message = `${error.message}; nothing was written`;
    if (['UNKNOWN_PROPOSAL', 'AMBIGUOUS_PROPOSAL', 'APPROVED_AND_REJECTED'].includes(error.code))
      return usageError(message, error);
    if (error.code === 'UNKNOWN_DATASOURCE') return configError(message, error);
    return new EvaluateError(message, EXIT.failed, error);
  }
  if (error instanceof SuiteFormatError || error instanceof RegenerateError)
    return configError(`${error.message}; nothing was written`, error);
  return error;
}

/** Settles the proposals `options` names in the queue of the suite at `path`. */
export async function settleProposals(
  options: SuiteReviewOptions,
  project: Project | undefined,
  suite: EvalSuite,
  path: string,
  where: string,
  io: Io,
): Promise<SettledReview> {
  const approve = listOption(options.approveProposal);
  const reject = listOption(options.rejectProposal);
  if (approve?.length === 0)
    throw usageError('--approve-proposal needs proposal ids (CASE_ID#N,..)');
  if (reject?.length === 0) throw usageError('--reject-proposal needs proposal ids (CASE_ID#N,..)');
  const queueFile = await reviewQueueFile(path, io.cwd);
  const queueShown = shownPath(io.cwd, queueFile);
  const { queue, lineOf } = await readQueue(queueFile, suite);
  // Rejecting only writes the queue; approving writes the suite, refused in a package.
  if (approve !== undefined && options.allowPackaged !== true)
    await refusePackaged(path, queueShown, io);
  const request = {
    approve: approve ?? [],
    reject: reject ?? [],
    date: new Date().toISOString().slice(0, 10),
  };
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
    const databases = await openSuiteDatabases(options, io, project);
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
  const settled = settledReviewJson(result, files);
  if (options.json === true) io.out(JSON.stringify(settled, null, 2));
  else io.out(settledReviewText(result, files));
  if (files.staleTestSuite !== null)
    io.err(
      `note: ${files.staleTestSuite} was built for the previous golds and eval run refuses it now; rebuild it with nl2sql suite testsuite ${where}`,
    );
  return { action: 'settle', exitCode: EXIT.ok, settled };
}
