// A predictions file with k candidates per case runs candidate i as pass i. The page groups
// the case runs of one case and role back into its candidates, so each candidate's
// drill-down lists every candidate's verdict and shows the best one's (the same pick as the
// text board's, decisions/prediction-files.md).

import type { CandidatesView, CaseView } from './report-data.js';

/**
 * The case runs of one config with `candidates` set on each, when the config's board has
 * pass@k (k candidates); otherwise unchanged.
 */
export function withCandidates(cases: readonly CaseView[], k: number | null): CaseView[] {
  if (k === null) return [...cases];
  const groups = new Map<string, CaseView[]>();
  for (const c of cases) {
    const key = JSON.stringify([c.id, c.role]);
    const group = groups.get(key);
    if (group) group.push(c);
    else groups.set(key, [c]);
  }
  const views = new Map<number, CandidatesView>();
  for (const group of groups.values()) {
    const runs = [...group].sort((a, b) => a.pass - b.pass);
    const best =
      runs.find((r) => r.status === 'pass') ?? runs.find((r) => r.lenient === 'pass') ?? runs[0]!;
    const view: CandidatesView = {
      k,
      runs: runs.map((r) => ({ i: r.i, pass: r.pass, status: r.status, lenient: r.lenient })),
      best: best.i,
    };
    for (const r of runs) views.set(r.i, view);
  }
  return cases.map((c) => ({ ...c, candidates: views.get(c.i) ?? null }));
}
