// The board's `snapshots` section: EX on the pinned database beside EX on all snapshots over
// the case runs scored on snapshots, and the case runs passing the one and not the other (the
// estimate of single-snapshot false positives), listed in task order whatever order they
// finish in. Counted from the snapshots score (snapshot-match.ts) as case runs finish.
import { wilson } from '@nl2sql/gate';
import type { RecordAccuracy, RunMetrics } from '@nl2sql/records';
import type { CaseResult } from './case-result.js';

type Snapshots = NonNullable<RunMetrics['snapshots']>;
type FalsePositive = Snapshots['false_positives'][number];

/** An accuracy with its 95% Wilson interval, as the board's others (none scored: 0 of 0). */
function accuracy(count: number, total: number): RecordAccuracy {
  if (total === 0) return { count: 0, total: 0, rate: 0, lower: 0, upper: 1 };
  const { lower, upper } = wilson(count, total);
  return { count, total, rate: count / total, lower, upper };
}

export class SnapshotTally {
  #runs = 0;
  #pinned = 0;
  #all = 0;
  readonly #names = new Set<string>();
  readonly #falsePositives: Array<[number, FalsePositive]> = [];

  add(r: CaseResult, order: number): void {
    const score = r.scores.snapshots;
    if (score === undefined) return;
    this.#runs++;
    const names = score.detail.snapshots;
    if (Array.isArray(names)) for (const name of names) this.#names.add(String(name));
    const pinned = score.detail.pinned === true;
    if (pinned) this.#pinned++;
    if (score.pass) this.#all++;
    if (pinned && !score.pass) {
      const failedOn = score.detail.failed_on;
      this.#falsePositives.push([
        order,
        {
          case_id: r.caseId,
          role: r.role,
          pass: r.pass,
          failed_on: Array.isArray(failedOn) ? failedOn.map(String) : [],
        },
      ]);
    }
  }

  /** The section, or undefined when no case run was scored on snapshots (the field is optional). */
  metrics(): Snapshots | undefined {
    if (this.#runs === 0) return undefined;
    return {
      names: [...this.#names].sort(),
      case_runs: this.#runs,
      pinned: accuracy(this.#pinned, this.#runs),
      all: accuracy(this.#all, this.#runs),
      false_positives: [...this.#falsePositives].sort((a, b) => a[0] - b[0]).map(([, f]) => f),
    };
  }
}
