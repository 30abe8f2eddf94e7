import type { Datasource } from '@nl2sql/datasource';
import { rves, ves } from '@nl2sql/diagnostics';
import type { DiagnosticsMetrics } from '@nl2sql/records';
import type { CaseResult } from './case-result.js';
import type { EfficiencyMeasureInput, EfficiencyPass } from './plugins.js';
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
  /** Plans the gold and the prediction (full scans of large tables flagged; efficiency's Explainer); optional. */
  readonly explainer?: unknown;
  /** The tables with their row counts, for the full-scan flag. */
  readonly tables?: EfficiencyMeasureInput['tables'];
  /** Timed rounds per case run (default efficiency's 20). */
  readonly repeats?: number;
  /** Untimed runs of each query first (default 2). */
  readonly warmup?: number;
  /** Per execution, in ms. */
  readonly timeoutMs?: number;
  /**
   * The budget on an EX-correct prediction's cost proxy (001 §7), relative to its gold's
   * and/or absolute; needs the explainer. Absent: no budget, no cost recorded.
   */
  readonly budget?: EfficiencyMeasureInput['budget'];
}

/**
 * Measures every asked, allowed case run with SQL, in task order, and returns the results
 * with `diagnostics.efficiency` set (case runs it does not apply to are returned as they were).
 * Each is measured by `measure` (plugins.efficiency: @nl2sql/efficiency's timing, plans and
 * budget); only a correct prediction is costed.
 */
export async function efficiencyPass(
  results: ReadonlyMap<string, CaseResult>,
  list: TaskList,
  options: EfficiencyOptions,
  measure: EfficiencyPass,
  signal?: AbortSignal,
): Promise<Map<string, CaseResult>> {
  const out = new Map(results);
  for (const task of list.tasks) {
    if (signal?.aborted) break;
    const result = results.get(task.key);
    const goldSql = task.case.sql;
    if (!result || result.diagnostics === null || task.expected !== 'allowed') continue;
    if (goldSql === undefined || !result.sql) continue;
    const efficiency = await measure.measure({
      ...options,
      goldSql,
      predSql: result.sql,
      correct: result.status === 'pass',
      ...(signal ? { signal } : {}),
    });
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
    ...budgetOf(records),
  };
}

/** The board's budget rows: EX-correct case runs over the budget, and those not sized. */
function budgetOf(
  records: readonly CaseResult[],
): Pick<NonNullable<DiagnosticsMetrics['efficiency']>, 'budget'> {
  const costed = records.flatMap((r) => {
    const cost = r.diagnostics?.efficiency?.cost;
    return cost === undefined ? [] : [{ record: r, cost }];
  });
  if (costed.length === 0) return {};
  const sized = costed.flatMap(({ record, cost }) => (cost === null ? [] : [{ record, cost }]));
  const over = sized.filter((c) => c.cost.over_budget);
  const multiPass = records.some((r) => r.pass > 1);
  const first = sized[0]?.cost;
  return {
    budget: {
      budget_x: first?.budget_x ?? null,
      budget_max: first?.budget_max ?? null,
      budgeted: sized.length,
      unbudgeted: costed.length - sized.length,
      over_budget: over.length,
      over_budget_cases: over.map(({ record }) =>
        multiPass ? `${record.caseId}#${record.pass}` : record.caseId,
      ),
    },
  };
}
