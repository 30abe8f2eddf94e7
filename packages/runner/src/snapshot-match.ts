// EX across snapshots (001 §5.2, its first practical step): a case run that passes EX on the
// pinned database has its SQL run again by the harness on every snapshot of the case's
// datasource (other databases with the same schema), as the case's role, and compared with
// the gold's rows there (`rows_by_snapshot`). It passes "EX on all snapshots" only when it
// matches on every one; a pinned pass that fails somewhere is a single-snapshot false
// positive. A diagnostic beside EX: it never changes the case run's status or the gate
// (decisions/ex-across-snapshots.md).
import type { AccessPolicy } from '@nl2sql/access-policy';
import { compareAny, formatVerdict } from '@nl2sql/comparator';
import {
  type Datasource,
  DatasourceError,
  schemaFingerprint,
  toJsonCell,
} from '@nl2sql/datasource';
import type { AskResponse } from '@nl2sql/engine';
import { type EvalCase, type EvalSuite, goldTiesFor, isApproved } from '@nl2sql/suite';
import { asRole, DEFAULT_ANSWER_TIMEOUT_MS } from './answer-execution.js';
import { roleGolds } from './role-golds.js';
import { RunnerError } from './runner-error.js';
import type { ScoreResult } from './scorer.js';
import type { CaseTask } from './task-list.js';

/** One snapshot of a datasource, opened: another database with the same schema. */
export interface RunSnapshot {
  readonly name: string;
  readonly datasource: Datasource;
}

/** runEval's `snapshots`: datasource id -> its snapshots. */
export type RunSnapshots = Readonly<Record<string, readonly RunSnapshot[]>>;

/** How the snapshot check runs and compares, the run's own settings. */
export interface SnapshotMatchOptions {
  readonly maxRows: number;
  readonly timeoutMs?: number;
  readonly tolerance?: number;
  readonly policy?: AccessPolicy;
  readonly signal: AbortSignal;
}

/**
 * Every approved case with gold rows on a datasource that has snapshots must record the gold
 * of each (`rows_by_snapshot`, written by `suite regenerate`): refused before anything runs
 * (INVALID_SUITE), since a case without them could never pass and would read as a false
 * positive of the engine.
 */
export function checkSnapshotGolds(suite: EvalSuite, snapshots: RunSnapshots): void {
  for (const c of suite.cases) {
    if (!isApproved(c) || c.rows === undefined) continue;
    for (const snapshot of snapshots[c.datasource] ?? []) {
      if (c.rows_by_snapshot?.[snapshot.name] === undefined) {
        throw new RunnerError(
          'INVALID_SUITE',
          `case ${c.id}: no gold rows for snapshot ${snapshot.name} of datasource ${c.datasource} (rows_by_snapshot.${snapshot.name}); run nl2sql suite regenerate`,
        );
      }
    }
  }
}

/**
 * Each snapshot must have its datasource's schema: the same tables, columns, types and keys
 * (the schema fingerprint of @nl2sql/datasource). A snapshot of another schema would fail
 * right answers for reasons that are not theirs; refused (INVALID_OPTIONS) before anything
 * runs, naming the snapshot, against the datasources of `execution` (answerExecution).
 */
export async function checkSnapshotSchemas(
  snapshots: RunSnapshots,
  execution: { readonly datasources: Readonly<Record<string, Datasource>> } | null,
): Promise<void> {
  const pinned = execution?.datasources ?? {};
  for (const [id, list] of Object.entries(snapshots)) {
    if (list.length === 0) continue;
    const base = pinned[id];
    if (base === undefined) {
      throw new RunnerError(
        'INVALID_OPTIONS',
        `datasource ${id} has snapshots but no pinned database to compare them with (give it in answerExecution.datasources)`,
      );
    }
    const expected = schemaFingerprint(await base.introspect({ rowCounts: false }));
    for (const snapshot of list) {
      const found = schemaFingerprint(await snapshot.datasource.introspect({ rowCounts: false }));
      if (found !== expected) {
        throw new RunnerError(
          'INVALID_OPTIONS',
          `snapshot ${snapshot.name} of datasource ${id} has another schema than the datasource (fingerprint ${found.slice(0, 12)}, expected ${expected.slice(0, 12)}); a snapshot must have the same tables, columns and keys`,
        );
      }
    }
  }
}

/** The case as its gold stands on one snapshot: that snapshot's rows, ties and alternatives. */
function onSnapshot(c: EvalCase, name: string): EvalCase {
  const gold = c.rows_by_snapshot?.[name];
  const view: EvalCase = { ...c, rows: gold?.rows ?? [] };
  delete view.order_ties;
  delete view.alt_rows;
  delete view.rows_by_engine;
  if (gold?.order_ties) view.order_ties = gold.order_ties;
  if (gold?.alt_rows) view.alt_rows = gold.alt_rows;
  return view;
}

interface SnapshotOutcome {
  snapshot: string;
  pass: boolean;
  reason: string | null;
}

async function matchOn(
  task: CaseTask,
  sql: string,
  snapshot: RunSnapshot,
  options: SnapshotMatchOptions,
): Promise<SnapshotOutcome | null> {
  let result: { columns: string[]; rows: unknown[][]; truncated: boolean };
  try {
    const out = await asRole(snapshot.datasource, task.role).execute(sql, {
      timeoutMs: options.timeoutMs ?? DEFAULT_ANSWER_TIMEOUT_MS,
      maxRows: options.maxRows,
      signal: options.signal,
    });
    result = {
      columns: out.columns,
      rows: out.rows.map((row) => row.map(toJsonCell)),
      truncated: out.truncated,
    };
  } catch (error) {
    if (options.signal.aborted) return null;
    const why =
      error instanceof DatasourceError
        ? `${error.code}: ${error.message}`
        : `the query failed: ${(error as Error)?.message ?? String(error)}`;
    return { snapshot: snapshot.name, pass: false, reason: `the SQL did not run: ${why}` };
  }
  const c = onSnapshot(task.case, snapshot.name);
  const golds = roleGolds(c, task.role, options.policy, result.columns.length).tables;
  const ties = goldTiesFor(c, 'sqlite');
  const verdict = compareAny(golds, result as Parameters<typeof compareAny>[1], {
    orderMatters: c.order_matters,
    tolerance: options.tolerance,
    score: 'strict',
    ...(ties ? { ties } : {}),
  });
  if (verdict.pass && result.truncated)
    return { snapshot: snapshot.name, pass: false, reason: 'the result was cut at the row cap' };
  return {
    snapshot: snapshot.name,
    pass: verdict.pass,
    reason: verdict.pass ? null : formatVerdict(verdict),
  };
}

/**
 * The `snapshots` score of one case run: null where it does not apply (the role's outcome is
 * not allowed, the case has no gold rows, or its datasource has no snapshots). A case run
 * that fails strict EX on the pinned database fails here without running anything (all
 * snapshots include the pinned one); otherwise its SQL runs on each snapshot. Null when the
 * run was cancelled meanwhile.
 */
export async function snapshotMatch(
  task: CaseTask,
  response: AskResponse,
  pinnedPass: boolean,
  snapshots: RunSnapshots,
  options: SnapshotMatchOptions,
): Promise<ScoreResult | null> {
  const list = snapshots[task.case.datasource] ?? [];
  if (list.length === 0 || task.expected !== 'allowed' || task.case.rows === undefined) return null;
  const names = list.map((s) => s.name);
  const sql = response.sql?.trim() ? response.sql : null;
  if (!pinnedPass || sql === null || response.status !== 'success') {
    const detail = { pinned: pinnedPass, snapshots: names, outcomes: [], failed_on: ['pinned'] };
    const why = pinnedPass ? 'no SQL to run on the snapshots' : 'fails EX on the pinned database';
    return { pass: false, lenient: false, explanation: why, detail };
  }
  const outcomes: SnapshotOutcome[] = [];
  for (const snapshot of list) {
    const outcome = await matchOn(task, sql, snapshot, options);
    if (outcome === null) return null;
    outcomes.push(outcome);
  }
  const failed = outcomes.filter((o) => !o.pass);
  return {
    pass: failed.length === 0,
    lenient: failed.length === 0,
    explanation:
      failed.length === 0
        ? null
        : `passes EX on the pinned database but not on snapshot ${failed.map((o) => `${o.snapshot} (${o.reason})`).join(', ')}`,
    detail: { pinned: true, snapshots: names, outcomes, failed_on: failed.map((o) => o.snapshot) },
  };
}
