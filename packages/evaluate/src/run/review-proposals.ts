import type { RunReport } from '@nl2sql/runner';
import {
  type AltSqlProposal,
  type EvalSuite,
  mergeAltSqlProposals,
  readAltSqlProposals,
  SuiteFormatError,
  writeAltSqlProposals,
} from '@nl2sql/suite';
import { configError } from '../evaluate-error.js';
import { reviewQueueFile } from '../suite/review-queue-file.js';

/**
 * Judged-equivalent disagreements of a run (verdict outcome `review`) as `alt_sql` proposals,
 * added to the suite's review queue beside it (`<suite>.proposals.yaml`). Returns the file
 * (or, for a suite shipped inside a package, in the working folder) and how many were new, or
 * null when the run proposed nothing. The suite itself is never
 * changed here: a person approves a proposal into it.
 */
export async function writeReviewProposals(
  report: RunReport,
  suite: EvalSuite,
  suitePath: string,
  judge: string,
  date: string,
  cwd: string,
): Promise<{ file: string; added: number; total: number } | null> {
  const proposed: AltSqlProposal[] = report.configs.flatMap((board) =>
    board.cases.flatMap((r) => {
      const v = r.diagnostics?.verdict;
      if (v?.outcome !== 'review' || !v.proposal) return [];
      return [
        {
          case_id: r.caseId,
          alt_sql: v.proposal.alt_sql,
          reason: v.proposal.reason,
          judge,
          proposed_at: date,
          roles: r.role === null ? [] : [r.role],
        },
      ];
    }),
  );
  if (proposed.length === 0) return null;
  // A packaged suite (the Chinook one) is not written beside: its queue goes to the folder
  // the command runs in. SQL a person rejected for the case is not proposed again.
  const file = await reviewQueueFile(suitePath, cwd);
  try {
    const queue = await readAltSqlProposals(file, suite.name);
    const golds = new Map(
      suite.cases.map((c) => [c.id, [...(c.sql ? [c.sql] : []), ...(c.alt_sql ?? [])]]),
    );
    const merged = mergeAltSqlProposals(queue, proposed, (id) => golds.get(id) ?? []);
    await writeAltSqlProposals(file, merged);
    return {
      file,
      added: merged.proposals.length - queue.proposals.length,
      total: merged.proposals.length,
    };
  } catch (error) {
    if (error instanceof SuiteFormatError) throw configError(error.message);
    if ((error as NodeJS.ErrnoException).code !== undefined)
      throw configError(`${file}: cannot write the review queue: ${(error as Error).message}`);
    throw error;
  }
}
