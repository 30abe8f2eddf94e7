// `eval run --policies spider,bird,defog,strict,lenient,test-suite`: which leaderboards'
// rules the board shows (@nl2sql/reporters renders the section).

import { BOARD_POLICIES, type BoardPolicy } from '@nl2sql/runner';
import { usageError } from '../evaluate-error.js';
import type { EvaluateOptions } from '../evaluate-options.js';
import { listFlag } from './list-flag.js';

/**
 * The rules `--policies` asks for, in the section's order; every rule for a predictions run
 * without the flag; null when the section is not asked. Unknown names are exit 2.
 */
export function policiesFlag(
  options: Pick<EvaluateOptions, 'policies'>,
  predictions: boolean,
): BoardPolicy[] | null {
  const given = listFlag(options.policies);
  if (given === undefined) return predictions ? [...BOARD_POLICIES] : null;
  const known = new Set<string>(BOARD_POLICIES);
  const unknown = given.filter((p) => !known.has(p));
  if (unknown.length > 0)
    throw usageError(
      `--policies: unknown ${unknown.join(', ')}; the rules are ${BOARD_POLICIES.join(', ')}`,
    );
  return BOARD_POLICIES.filter((p) => given.includes(p));
}
