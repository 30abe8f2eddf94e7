// The board's EX across snapshots (evals.yaml datasources.ID.snapshots): EX on the pinned
// database beside EX on all snapshots over the same case runs, how many pinned passes fail
// on some snapshot (the estimate of single-snapshot false positives, read beside test-suite
// accuracy, which the board shows above when the suite has a test suite), and which.
import { isRetrievalMetrics, type RecordAccuracy, type RunMetrics } from '@nl2sql/records';
import type { ConfigReport } from '@nl2sql/runner';

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

function accuracyCell(a: RecordAccuracy): string {
  if (a.total === 0) return '0/0';
  return `${a.count}/${a.total}  ${pct(a.rate)}  (Wilson 95% ${pct(a.lower)}-${pct(a.upper)})`;
}

function snapshotsOf(board: ConfigReport): RunMetrics['snapshots'] {
  return isRetrievalMetrics(board.metrics) ? undefined : board.metrics.snapshots;
}

/** The board rows, when the run had snapshots. */
export function snapshotRows(board: ConfigReport): string[][] {
  const s = snapshotsOf(board);
  if (!s) return [];
  const fp = s.false_positives.length;
  return [
    ['EX pinned database', accuracyCell(s.pinned)],
    [`EX all snapshots`, `${accuracyCell(s.all)}  (pinned + ${s.names.join(', ')})`],
    [
      'single-snapshot FPs',
      `${fp} of ${s.pinned.count} pinned passes fail on a snapshot${s.pinned.count === 0 ? '' : `  ${pct(fp / s.pinned.count)}`}`,
    ],
  ];
}

/** The case runs passing EX on the pinned database and failing on a snapshot, with where. */
export function snapshotFalsePositiveLines(board: ConfigReport): string[] {
  return (snapshotsOf(board)?.false_positives ?? []).map((f) => {
    const who = `${f.case_id}${f.role === null ? '' : ` as ${f.role}`}${f.pass > 1 ? ` (pass ${f.pass})` : ''}`;
    return `  ${who}: fails on ${f.failed_on.join(', ')}`;
  });
}
