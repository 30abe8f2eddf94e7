// `suite cross-check --snapshots`: every approved case's gold on each snapshot of its
// datasource, classified (its rows differ from the pinned database's, are the same, are
// empty, or the query fails there), and the rows the case records for the snapshot checked
// against what the gold returns now. A snapshot whose recorded rows are missing or stale, or
// where the gold fails, is a finding: scoring EX on all snapshots would be wrong there.
import { type EvalCase, type EvalSuite, isApproved } from './case.js';
import { goldOn, RegenerateError, type Snapshot } from './regenerate.js';

/** What the gold returns on a snapshot, against the pinned database's rows. */
export type SnapshotClass = 'differs' | 'same' | 'empty' | 'failed';

/** What each class means for a reader. */
export const SNAPSHOT_CLASS_REASONS: Readonly<Record<SnapshotClass, string>> = {
  differs:
    'other rows than on the pinned database: the snapshot can fail an answer the pinned one passes',
  same: 'the same rows as on the pinned database',
  empty: 'no rows: an empty answer matches it, so it tells little apart',
  failed: 'the gold fails on this snapshot',
};

/** One case on one snapshot. */
export interface SnapshotCheck {
  id: string;
  datasource: string;
  snapshot: string;
  class: SnapshotClass;
  /** `rows_by_snapshot[snapshot]` against what the gold returns now. */
  recorded: 'current' | 'stale' | 'missing';
  ok: boolean;
  /** Why it is not ok; null when ok. */
  problem: string | null;
}

export interface SnapshotCheckReport {
  checks: SnapshotCheck[];
  /** Checks that are not ok. */
  findings: number;
}

export interface SnapshotCheckOptions {
  /** Datasource id -> its snapshots, opened. */
  snapshots: ReadonlyMap<string, readonly Snapshot[]>;
  /** Statement timeout of each gold query (default 60 s, as suite lint runs golds). */
  timeoutMs?: number;
  onCheck?: (check: SnapshotCheck) => void;
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

async function checkOne(
  c: EvalCase,
  datasource: string,
  snapshot: Snapshot,
  timeoutMs: number,
): Promise<SnapshotCheck> {
  const base = { id: c.id, datasource, snapshot: snapshot.name };
  const recorded = c.rows_by_snapshot?.[snapshot.name];
  try {
    const { gold } = await goldOn(
      snapshot.datasource,
      c,
      `sql on snapshot ${snapshot.name}`,
      timeoutMs,
    );
    const kind: SnapshotClass =
      gold.rows.length === 0 ? 'empty' : same(gold.rows, c.rows) ? 'same' : 'differs';
    const state = recorded === undefined ? 'missing' : same(recorded, gold) ? 'current' : 'stale';
    const problem =
      state === 'current'
        ? null
        : `rows_by_snapshot.${snapshot.name} is ${state === 'missing' ? 'missing' : 'not what the gold returns there'}: run nl2sql suite regenerate`;
    return { ...base, class: kind, recorded: state, ok: problem === null, problem };
  } catch (error) {
    if (!(error instanceof RegenerateError)) throw error;
    return {
      ...base,
      class: 'failed',
      recorded: recorded === undefined ? 'missing' : 'stale',
      ok: false,
      problem: error.message,
    };
  }
}

/**
 * Runs every approved answerable case's gold on each snapshot of the datasource it names
 * (cases of a datasource without snapshots are not checked) and classifies each.
 */
export async function checkSnapshots(
  suite: EvalSuite,
  options: SnapshotCheckOptions,
): Promise<SnapshotCheckReport> {
  const checks: SnapshotCheck[] = [];
  for (const c of suite.cases) {
    if (!isApproved(c) || c.sql === undefined) continue;
    for (const snapshot of options.snapshots.get(c.datasource) ?? []) {
      const check = await checkOne(c, c.datasource, snapshot, options.timeoutMs ?? 60_000);
      checks.push(check);
      options.onCheck?.(check);
    }
  }
  return { checks, findings: checks.filter((c) => !c.ok).length };
}
