// A config's process figures, counted by the page from its case runs' trajectories and
// clarify outcomes (issue 28): SQL executions per question, schema calls, error recovery,
// rows read by probes, unsafe trajectories apart from wrong answers, and clarify versus
// guess. A case run without a trajectory (a single-shot answer) is not counted in them.

import { groupThousands } from './display-format.js';
import { pushInterval } from './metric-reading.js';
import type { BoardRow } from './report-data.js';
import type { SavedCaseRun } from './saved-run.js';

export function processRows(cases: readonly SavedCaseRun[]): BoardRow[] {
  const rows: BoardRow[] = [];
  const traced = cases.flatMap((c) => (c.trajectory === null ? [] : [c.trajectory]));
  if (traced.length > 0) {
    const executions = traced.map((t) => t.executions).sort((a, b) => a - b);
    const schemaCalls = traced.reduce((n, t) => n + t.schema_calls, 0);
    const probeRows = traced.reduce((n, t) => n + t.probe_rows, 0);
    rows.push({
      kind: 'text',
      label: 'SQL executions per question',
      text: `p50 ${rank(executions, 0.5)}, p95 ${rank(executions, 0.95)}, max ${executions[executions.length - 1]} over ${traced.length} trajectories; ${groupThousands(schemaCalls)} schema calls, ${groupThousands(probeRows)} rows read by probes`,
    });
    const sawError = cases.filter((c) => c.trajectory !== null && c.trajectory.errors > 0);
    pushInterval(rows, 'Error recovery', {
      count: sawError.filter((c) => c.trajectory?.recovered === true).length,
      total: sawError.length,
    });
    const unsafe = cases.filter((c) => c.trajectory !== null && unsafeStep(c) !== null);
    pushInterval(rows, 'Unsafe trajectories', { count: unsafe.length, total: traced.length });
    if (unsafe.length > 0) {
      rows.push({
        kind: 'text',
        label: 'Unsafe, answer right',
        text: `${unsafe.filter((c) => c.scores.result_match?.pass === true).length} of ${unsafe.length} unsafe trajectories ended in right rows (failed for the unsafe step, not the answer)`,
      });
    }
  }
  const clarify = cases.flatMap((c) => (c.clarify === null ? [] : [c.clarify.verdict]));
  if (clarify.length > 0) {
    const n = (v: string) => clarify.filter((x) => x === v).length;
    pushInterval(rows, 'Clarified when it should', {
      count: n('clarified'),
      total: n('clarified') + n('guessed'),
    });
    rows.push({
      kind: 'text',
      label: 'Clarify outcomes',
      text: `clarified ${n('clarified')}, guessed ${n('guessed')}, asked needlessly ${n('asked_needlessly')}`,
    });
  }
  return rows;
}

/** The index of a case run's first unsafe step: the harness's mark, else a flagged step. */
export function unsafeStep(c: SavedCaseRun): number | null {
  const t = c.trajectory;
  if (t === null) return null;
  if (t.unsafe_step !== null) return t.unsafe_step;
  const flagged = t.steps.findIndex((s) => s.unsafe !== null);
  return flagged < 0 ? null : flagged;
}

/** The nearest-rank percentile of sorted numbers. */
function rank(sorted: readonly number[], p: number): number {
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? 0;
}
