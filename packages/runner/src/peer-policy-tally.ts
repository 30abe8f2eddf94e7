// The board's `policies` section: how many case runs each leaderboard's rule passes, on the
// same executions, and the case runs the rules disagree on, each failing rule with the
// reason that decided it. Counted from the peer_policies scores as case runs finish; the
// disagreements are listed in task order whatever order they arrive in.
import type { RunMetrics } from '@nl2sql/records';
import type { CaseResult } from './case-result.js';
import { PEER_POLICIES, type PeerVerdict } from './peer-policies-scorer.js';

type Policies = NonNullable<RunMetrics['policies']>;
type Disagreement = Policies['disagreements'][number];

/** The rules the section shows, in its order. */
export const BOARD_POLICIES = [
  'spider',
  'bird',
  'defog',
  'strict',
  'lenient',
  'test-suite',
] as const;
export type BoardPolicy = (typeof BOARD_POLICIES)[number];

const rate = (count: number, total: number) => ({
  count,
  total,
  rate: total === 0 ? 0 : count / total,
});

/** Ours, strict or lenient: the case run's status, and why it failed. */
function ours(r: CaseResult, lenient: boolean): PeerVerdict {
  const pass = (lenient ? r.lenientStatus : r.status) === 'pass';
  if (pass) return { pass, reason: null };
  const match = r.scores.result_match;
  if (match === undefined || r.scores.outcome?.pass === false) return { pass, reason: 'outcome' };
  const detail = (match.detail[lenient ? 'lenient' : 'strict'] ?? {}) as {
    reason?: { code?: string } | null;
  };
  return { pass, reason: detail.reason?.code ?? 'no_rows' };
}

export class PeerPolicyTally {
  #runs = 0;
  readonly #passed = new Map<BoardPolicy, number>();
  #judged = 0;
  readonly #disagreements: Array<[number, Disagreement]> = [];

  add(r: CaseResult, order: number): void {
    const score = r.scores.peer_policies;
    if (score === undefined) return;
    this.#runs++;
    const verdicts = new Map<BoardPolicy, PeerVerdict>();
    for (const [name] of PEER_POLICIES) {
      const v = score.detail[name] as PeerVerdict | undefined;
      verdicts.set(name, v ?? { pass: false, reason: 'no_rows' });
    }
    verdicts.set('strict', ours(r, false));
    verdicts.set('lenient', ours(r, true));
    const suite = r.diagnostics?.test_suite;
    if (suite && suite.error === undefined) {
      this.#judged++;
      verdicts.set('test-suite', {
        pass: suite.pass,
        reason: suite.pass
          ? null
          : suite.distinguished_by
            ? `database ${suite.distinguished_by}`
            : 'ex',
      });
    }
    for (const [policy, v] of verdicts)
      if (v.pass) this.#passed.set(policy, (this.#passed.get(policy) ?? 0) + 1);
    const all = [...verdicts.values()];
    if (all.every((v) => v.pass) || all.every((v) => !v.pass)) return;
    this.#disagreements.push([
      order,
      {
        case_id: r.caseId,
        role: r.role,
        pass: r.pass,
        passing: [...verdicts].filter(([, v]) => v.pass).map(([p]) => p),
        failing: [...verdicts]
          .filter(([, v]) => !v.pass)
          .map(([policy, v]) => ({ policy, reason: v.reason ?? 'fail' })),
      },
    ]);
  }

  /** The section, or undefined when no case run was scored by the peers' rules. */
  metrics(): Policies | undefined {
    if (this.#runs === 0) return undefined;
    const n = this.#runs;
    const of = (p: BoardPolicy) => rate(this.#passed.get(p) ?? 0, n);
    return {
      case_runs: n,
      spider: of('spider'),
      bird: of('bird'),
      defog: of('defog'),
      strict: of('strict'),
      lenient: of('lenient'),
      test_suite:
        this.#judged === 0 ? null : rate(this.#passed.get('test-suite') ?? 0, this.#judged),
      disagreements: [...this.#disagreements].sort((a, b) => a[0] - b[0]).map(([, d]) => d),
    };
  }
}
