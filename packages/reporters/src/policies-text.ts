// `eval run --policies spider,bird,defog,strict,lenient,test-suite`: what each leaderboard's
// own rule says of the run's executions, beside ours, and the case runs they disagree on,
// each failing rule with the reason that decided it. On by default for a predictions run
// (every rule); the runner scores them (peer_policies) and the board carries `policies`.

import type { RecordRate } from '@nl2sql/records';
import { isRetrievalMetrics } from '@nl2sql/records';
import type { BoardPolicy, ConfigReport } from '@nl2sql/runner';

/** What each rule is, as the section names it. */
const RULES: Readonly<Record<BoardPolicy, string>> = {
  spider: "Spider result_eq: multiset, columns in any order, order only under the gold's ORDER BY",
  bird: 'BIRD: set of rows, duplicates and order ignored',
  defog: 'Defog: compare_df or subset_df, extra columns allowed',
  strict: 'ours strict: same rows, order where the case says, numbers within 0.005',
  lenient: 'ours lenient: columns matched by values, extra columns capped',
  'test-suite': 'test suite: strict on every database of the test suite',
};

const share = (r: RecordRate) =>
  `${r.count}/${r.total}  ${(r.total === 0 ? 0 : (100 * r.count) / r.total).toFixed(1)}%`;

/** The section under a board: one line per rule, then the disagreements. */
export function policiesLines(board: ConfigReport, shown: readonly BoardPolicy[]): string[] {
  const m = board.metrics;
  if (isRetrievalMetrics(m) || m.policies === undefined) return [];
  const p = m.policies;
  const rates: Record<BoardPolicy, RecordRate | null> = {
    spider: p.spider,
    bird: p.bird,
    defog: p.defog,
    strict: p.strict,
    lenient: p.lenient,
    'test-suite': p.test_suite,
  };
  const width = Math.max(...shown.map((s) => s.length));
  const lines = [
    '',
    `Every leaderboard's rule on the same executions (${p.case_runs} case runs with gold rows):`,
    ...shown.map((policy) => {
      const r = rates[policy];
      return `  ${policy.padEnd(width)}  ${r === null ? 'no test suite' : share(r)}  ${RULES[policy]}`;
    }),
  ];
  const set = new Set<string>(shown);
  const disagree = p.disagreements.flatMap((d) => {
    const passing = d.passing.filter((x) => set.has(x));
    const failing = d.failing.filter((x) => set.has(x.policy));
    if (passing.length === 0 || failing.length === 0) return [];
    const name = `${d.case_id}${d.role === null ? '' : ` as ${d.role}`}${d.pass > 1 ? ` (pass ${d.pass})` : ''}`;
    return [
      `  ${name}: pass ${passing.join(', ')}; fail ${failing.map((f) => `${f.policy} (${f.reason})`).join(', ')}`,
    ];
  });
  if (disagree.length > 0)
    lines.push(
      '',
      `Where the rules disagree (${disagree.length}), each failing rule with what decided it:`,
      ...disagree,
    );
  return lines;
}
