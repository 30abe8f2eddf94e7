// `suite review` without an action: the draft cases and the pending alt_sql proposals, as
// text for a reviewer or with --json as one object a script reads. Reads no database.

import {
  type EvalCase,
  type EvalSuite,
  proposalLabels,
  proposalsAlreadyGold,
  unapprovedCases,
} from '@nl2sql/suite';
import { EXIT, type ExitCode } from '../exit-codes.js';
import type { Io } from '../io.js';
import { reviewQueueFile } from '../suite/review-queue-file.js';
import { type ProposalView, proposalText, proposalView } from './proposal-text.js';
import { readQueue } from './review-queue.js';
import { REVIEW_ROWS, reviewText, shownPath } from './review-text.js';

/** What a review lists. */
export interface ListedReview {
  readonly action: 'list';
  readonly exitCode: ExitCode;
  /** The cases still approved: false, in the suite's order. */
  readonly drafts: readonly EvalCase[];
  /** The review queue's file, as shown (relative to the working folder when inside it). */
  readonly queue: string;
  /** The proposals waiting, with their labels. */
  readonly proposals: readonly ProposalView[];
  /** Proposals rejected before (remembered in the queue). */
  readonly rejected: number;
}

/** Lists the drafts of `suite` (at `path`, shown as `where`) and the proposals of its queue. */
export async function listReview(
  options: { readonly json?: boolean | undefined; readonly rows?: number | undefined },
  suite: EvalSuite,
  path: string,
  where: string,
  io: Io,
): Promise<ListedReview> {
  const drafts = unapprovedCases(suite);
  const rows = options.rows ?? REVIEW_ROWS;
  const queueFile = await reviewQueueFile(path, io.cwd);
  const queueShown = shownPath(io.cwd, queueFile);
  const { queue } = await readQueue(queueFile, suite);
  const byId = new Map(suite.cases.map((c) => [c.id, c]));
  const labels = proposalLabels(queue);
  const already = new Map(proposalsAlreadyGold(suite, queue).map((a) => [a.index, a.gold]));
  const proposals = queue.proposals.map((p, i) =>
    proposalView(labels[i] as string, p, byId.get(p.case_id), already.get(i) ?? null),
  );
  const listed: ListedReview = {
    action: 'list',
    exitCode: EXIT.ok,
    drafts,
    queue: queueShown,
    proposals,
    rejected: queue.rejected?.length ?? 0,
  };

  if (options.json === true) {
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
          rejected: listed.rejected,
        },
        null,
        2,
      ),
    );
    return listed;
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
  return listed;
}
