// `suiteReview()`: `nl2sql suite review` as a function. Without an action it lists the
// drafts and the pending alt_sql proposals; `approve` marks drafts approved; `approveProposal`
// / `rejectProposal` settle proposals. It prints what the command prints through `io` and
// returns what it did with the exit code; a refusal is an EvaluateError (with `json` while
// settling, first printed as one JSON object on `io.out`, as the command does).

import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { checkOptions } from '../check-options.js';
import { configError, EvaluateError, usageError } from '../evaluate-error.js';
import { type Io, processIo } from '../io.js';
import { loadProjectFile, projectFile } from '../project/open-project.js';
import { chooseSuite } from '../project/project-suite.js';
import { suiteMaxBytes } from '../project/suite-size.js';
import { loadRunSuite } from '../run/run-suite-file.js';
import { type ApprovedDrafts, approveDrafts } from './approve-drafts.js';
import { listOption, SUITE_REVIEW_OPTIONS, type SuiteReviewOptions } from './authoring-options.js';
import { type ListedReview, listReview } from './list-review.js';
import { shownPath } from './review-text.js';
import { type SettledReview, settleProposals } from './settle-proposals.js';
import { reviewRefusalJson } from './settled-review.js';

/** What `suiteReview()` did (`action` says which), with the suite and the exit code. */
export type SuiteReviewResult = (ListedReview | ApprovedDrafts | SettledReview) & {
  /** The suite file reviewed (absolute). */
  readonly path: string;
};

/**
 * Lists, approves or settles as `nl2sql suite review` does (`options` are its flags,
 * camelCased, and `suite` its SUITE argument). Throws an EvaluateError (exit 2 or 3, or 1
 * for a proposal that cannot be approved) when nothing was done.
 */
export async function suiteReview(
  options: SuiteReviewOptions = {},
  io: Io = processIo(),
): Promise<SuiteReviewResult> {
  checkOptions(SUITE_REVIEW_OPTIONS, options, 'suiteReview');
  const settling = options.approveProposal !== undefined || options.rejectProposal !== undefined;
  if (settling && options.approve !== undefined)
    throw usageError(
      '--approve (draft cases) and --approve-proposal / --reject-proposal are separate steps; give one at a time',
    );
  if (options.json === true && options.approve !== undefined)
    throw usageError(
      '--json lists the review, or reports --approve-proposal / --reject-proposal; it does not go with --approve',
    );
  if (!settling || options.json !== true) return review(options, settling, io);
  // Settling with --json: a refusal is the same object on stdout, the exit code unchanged.
  try {
    return await review(options, settling, io);
  } catch (error) {
    if (error instanceof EvaluateError) io.out(JSON.stringify(reviewRefusalJson(error), null, 2));
    throw error;
  }
}

async function review(
  options: SuiteReviewOptions,
  settling: boolean,
  io: Io,
): Promise<SuiteReviewResult> {
  // Listing and approving drafts read no database: the project is only asked which suite is
  // the default, or which suite a NAME names. Approving a proposal reads its rows from the
  // project's datasources.
  const given = options.suite;
  const file =
    given === undefined || settling || !existsSync(resolve(io.cwd, given))
      ? projectFile(options, io.cwd)
      : undefined;
  const project = file === undefined ? undefined : await loadProjectFile(file, io.env);
  const { path } = chooseSuite(project, given, io.cwd, 'the SUITE (a NAME or PATH)');
  if (!existsSync(path)) throw configError(`${path}: no such file`);
  const suite = await loadRunSuite(path, suiteMaxBytes(options.maxSuiteMb));
  const where = shownPath(io.cwd, path);

  if (options.approve !== undefined)
    return {
      ...(await approveDrafts(listOption(options.approve) ?? [], suite, path, where, io)),
      path,
    };
  if (settling)
    return { ...(await settleProposals(options, project, suite, path, where, io)), path };
  return { ...(await listReview(options, suite, path, where, io)), path };
}
