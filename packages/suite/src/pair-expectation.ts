// A dataset record's claims checked against what import derives: the role it names is a
// policy role, the outcome it expects for that role is the one the policy gives, and the
// tables it says the gold reads are the ones the SQL reads. A disagreement leaves the pair
// out, named: the derived values win, but a silent overwrite would hide a wrong record or a
// wrong policy (decisions/benchmark-import.md).

import type { Outcome } from './case.js';
import type { PairExpectation } from './read-pairs.js';

const shown = (xs: readonly string[]) => `[${xs.join(', ')}]`;

/** Why the derived outcome or tables contradict the record, or undefined when they agree. */
export function expectationProblem(
  expect: PairExpectation | undefined,
  outcome: Readonly<Record<string, Outcome>>,
  tables: readonly string[],
): string | undefined {
  if (expect === undefined) return undefined;
  const roles = Object.keys(outcome);
  if (expect.role !== undefined) {
    const role = roles.find((r) => r.toLowerCase() === expect.role?.toLowerCase());
    if (role === undefined)
      return `role ${expect.role} is not one of the policy's roles (${roles.join(', ')})`;
    const want = expect.behavior === 'refuse' ? 'refused' : 'allowed';
    if (expect.behavior !== undefined && outcome[role] !== want)
      return `expected_behavior ${expect.behavior}, but the policy gives role ${role} ${outcome[role]} for the tables the SQL reads ${shown([...tables].sort())}`;
  }
  if (expect.tables !== undefined) {
    const said = [...new Set(expect.tables.map((t) => t.toLowerCase()))].sort();
    const read = [...new Set(tables.map((t) => t.toLowerCase()))].sort();
    if (said.join('\n') !== read.join('\n'))
      return `gold_tables ${shown(said)}, but the SQL reads ${shown(read)}`;
  }
  return undefined;
}
