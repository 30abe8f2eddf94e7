// Writing a settled review: the suite and its queue change together or not at all. Both are
// written to temporary files beside their targets first; only when both are on disk are they
// renamed over the originals (a rename within a folder replaces a file whole), so a full disk
// or a permission problem leaves both files as they were.
// Two renames are not one, so the order is chosen for a stop between them: the suite first,
// then the queue. Stopped there, the suite holds the new alternative and the queue still the
// proposal, which the next review recognises and drops (proposals-already-gold.ts). The other
// order would leave the proposal gone and the suite without it: an approval silently lost.

import { rename, rm, writeFile } from 'node:fs/promises';
import { type AltSqlProposals, formatAltSqlProposals } from './alt-sql-proposals.js';
import type { EvalSuite } from './case.js';
import { formatSuite } from './write-suite.js';

/**
 * Writes `suite` (when given) to `suitePath` and `queue` to `queuePath`: both or neither,
 * except for a stop between the two renames (the suite's is first; see above).
 */
export async function writeReviewedSuite(
  suitePath: string,
  suite: EvalSuite | undefined,
  queuePath: string,
  queue: AltSqlProposals,
): Promise<void> {
  const files: Array<[target: string, text: string]> = [
    ...(suite === undefined ? [] : [[suitePath, formatSuite(suite)] as [string, string]]),
    [queuePath, formatAltSqlProposals(queue)],
  ];
  const temporary = files.map(([target]) => `${target}.${process.pid}.tmp`);
  try {
    for (const [i, [, text]] of files.entries())
      await writeFile(temporary[i] as string, text, 'utf8');
  } catch (error) {
    await Promise.all(temporary.map((t) => rm(t, { force: true })));
    throw error;
  }
  try {
    for (const [i, [target]] of files.entries()) await rename(temporary[i] as string, target);
  } finally {
    // A rename that failed leaves its temporary file (and the ones after it) behind.
    await Promise.all(temporary.map((t) => rm(t, { force: true })));
  }
}
