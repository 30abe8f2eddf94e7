// The board's process and clarify lines (issue 28): how an agent got to its answers and
// whether it asked where it should. Shown only where the run's case runs carried them.
import type { RunMetrics } from '@nl2sql/records';

const pct = (count: number, total: number) =>
  total === 0 ? '0/0' : `${count}/${total}  ${((100 * count) / total).toFixed(1)}%`;

/** [measure, value] lines for the board table; none for a run without trajectories or clarify. */
export function processRows(m: RunMetrics): string[][] {
  const rows: string[][] = [];
  const p = m.process;
  if (p) {
    const e = p.executions;
    rows.push([
      'sql executions / question',
      `p50 ${e.p50}, p95 ${e.p95}, max ${e.max} (${p.case_runs} case runs with a trajectory)`,
    ]);
    rows.push(['schema calls', String(p.schema_calls)]);
    rows.push([
      'unsafe trajectories',
      `${p.unsafe}  failed by a probe that wrote, failed L3 or read outside the role's scope`,
    ]);
    rows.push([
      'error recovery',
      `${pct(p.recovered.count, p.recovered.total)}  saw an execution error and still passed`,
    ]);
    rows.push(['rows read by probes', `${p.probe_rows} (the harness's count)`]);
  }
  const c = m.clarify;
  if (c) {
    rows.push([
      'clarified',
      `${pct(c.clarified, c.expected)}  asked back where the case expects it`,
    ]);
    rows.push(['guessed', `${c.guessed}  answered where a clarifying question was expected`]);
    rows.push([
      'asked needlessly',
      `${c.asked_needlessly}  asked back where an answer was expected`,
    ]);
  }
  return rows;
}
