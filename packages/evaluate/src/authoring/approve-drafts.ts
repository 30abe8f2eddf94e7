// `suite review --approve ID,..|all`: draft cases (approved: false, as import writes them)
// marked approved, so runs score them. A draft without gold rows is refused (exit 1, the
// others approved); an id the suite lacks is a usage error and nothing is written.

import {
  APPROVE_ALL,
  approveCases,
  type EvalSuite,
  packagedSuite,
  UnknownCaseError,
  unapprovedCases,
  writeSuite,
} from '@nl2sql/suite';
import { configError, usageError } from '../evaluate-error.js';
import { EXIT, type ExitCode } from '../exit-codes.js';
import type { Io } from '../io.js';
import { layoutNote } from './layout-note.js';

/** What approving drafts did. */
export interface ApprovedDrafts {
  readonly action: 'approve';
  readonly exitCode: ExitCode;
  /** The ids approved now, in the suite's order. */
  readonly approved: readonly string[];
  /** The ids named that were approved already. */
  readonly already: readonly string[];
  /** The drafts not approved, and why (no gold rows). */
  readonly refused: ReadonlyArray<{ readonly id: string; readonly reason: string }>;
  /** Draft cases left in the suite. */
  readonly left: number;
}

/** Approves the drafts `ids` names (or every one, `all`) in the suite at `path`. */
export async function approveDrafts(
  ids: readonly string[],
  suite: EvalSuite,
  path: string,
  where: string,
  io: Io,
): Promise<ApprovedDrafts> {
  if (ids.length === 0) throw usageError('--approve needs case ids (ID,..) or all');
  if (ids.includes(APPROVE_ALL) && ids.length > 1)
    throw usageError(`--approve ${APPROVE_ALL} approves every draft; give it alone`);
  let result: ReturnType<typeof approveCases>;
  try {
    result = approveCases(suite, ids[0] === APPROVE_ALL ? APPROVE_ALL : [...ids]);
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
  return {
    action: 'approve',
    exitCode: result.refused.length > 0 ? EXIT.failed : EXIT.ok,
    approved: result.approved,
    already: result.already,
    refused: result.refused,
    left,
  };
}
