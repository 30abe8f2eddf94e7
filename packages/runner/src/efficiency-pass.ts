import type { Datasource } from '@nl2sql/datasource';
import {
  comparePlans,
  type Explainer,
  measureEfficiency,
  type QueryPlanOptions,
  queryPlan,
  rves,
  ves,
  vesReward,
} from '@nl2sql/efficiency';
import type { CaseEfficiencyRecord, DiagnosticsMetrics } from '@nl2sql/records';
import type { CaseResult } from './case-result.js';
import type { TaskList } from './task-list.js';

/**
 * VES and R-VES (001 §5.3; BIRD's formula, Mini-Dev's buckets) and query plans, measured after
 * the case runs: timings of concurrent case runs would measure each other, so this pass runs
 * alone, one case run at a time, on a datasource given to it alone (a pool of one connection:
 * the gold and the prediction timed on the same connection). Secondary figures: never in the
 * gate (decisions/evaluation-beyond-ex-in-runs.md).
 */
export interface EfficiencyOptions {
  /** Where both queries are timed: given to this pass alone, one connection. */
  readonly datasource: Pick<Datasource, 'execute'>;
  /** Plans the gold and the prediction (full scans of large tables flagged); optional. */
  readonly explainer?: Explainer;
  /** The tables with their row counts, for the full-scan flag. */
  readonly tables?: QueryPlanOptions['tables'];
  /** Timed rounds per case run (default efficiency's 20). */
  readonly repeats?: number;
  /** Untimed runs of each query first (default 2). */
  readonly warmup?: number;
  /** Per execution, in ms. */
  readonly timeoutMs?: number;
}

/** One case run's efficiency: an EX-correct prediction timed against its gold. */
async function measureCase(
  result: CaseResult,
  goldSql: string,
  options: EfficiencyOptions,
  signal: AbortSignal | undefined,
): Promise<CaseEfficiencyRecord> {
  const sql = result.sql as string;
  const m = await measureEfficiency({
    datasource: options.datasource,
    goldSql,
    predSql: sql,
    correct: result.status === 'pass',
    ...(options.repeats !== undefined ? { repeats: options.repeats } : {}),
    ...(options.warmup !== undefined ? { warmup: options.warmup } : {}),
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
    ...(signal ? { signal } : {}),
  });
  let added: string[] = [];
  if (options.explainer && result.status === 'pass') {
    try {
      const planned = { ...(options.tables ? { tables: options.tables } : {}) };
      const gold = await queryPlan(options.explainer, goldSql, planned);
      const prediction = await queryPlan(options.explainer, sql, planned);
      added = comparePlans(gold, prediction).addedFlagged.map((s) => s.detail);
    } catch {
      // A plan the explainer cannot read leaves the flag empty; the timing stands.
      added = [];
    }
  }
  return {
    status: m.status,
    time_ratio: m.timeRatio,
    ves_reward: m.status === 'measured' ? vesReward(m.timeRatio) : 0,
    rves_reward: m.reward,
    added_full_scans: added,
    ...(m.error ? { error: `${m.error.side}: ${m.error.code}: ${m.error.message}` } : {}),
  };
}

/**
 * Measures every asked, allowed case run with SQL, in task order, and returns the results
 * with `diagnostics.efficiency` set (case runs it does not apply to are returned as they were).
 */
export async function efficiencyPass(
  results: ReadonlyMap<string, CaseResult>,
  list: TaskList,
  options: EfficiencyOptions,
  signal?: AbortSignal,
): Promise<Map<string, CaseResult>> {
  const out = new Map(results);
  for (const task of list.tasks) {
    if (signal?.aborted) break;
    const result = results.get(task.key);
    const goldSql = task.case.sql;
    if (!result || result.diagnostics === null || task.expected !== 'allowed') continue;
    if (goldSql === undefined || !result.sql) continue;
    const efficiency = await measureCase(result, goldSql, options, signal);
    out.set(task.key, { ...result, diagnostics: { ...result.diagnostics, efficiency } });
  }
  return out;
}

/** The board's efficiency figures from the case runs the pass measured; null when none. */
export function efficiencyMetrics(
  records: readonly CaseResult[],
): NonNullable<DiagnosticsMetrics['efficiency']> | null {
  const measured = records.flatMap((r) =>
    r.diagnostics?.efficiency ? [r.diagnostics.efficiency] : [],
  );
  if (measured.length === 0) return null;
  const cases = measured.map((m) => ({
    status: m.status as 'measured' | 'incorrect' | 'timeout' | 'error',
    timeRatio: m.time_ratio,
  }));
  const v = ves(cases);
  const r = rves(cases);
  return {
    ves: v.value,
    rves: r.value,
    measured: v.measured,
    incorrect: v.incorrect,
    timeouts: v.timeouts,
    unmeasured: v.unmeasured,
    added_full_scans: measured.filter((m) => m.added_full_scans.length > 0).length,
  };
}
