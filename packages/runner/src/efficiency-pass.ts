import type { Datasource } from '@nl2sql/datasource';
import {
  type CostBudget,
  checkBudget,
  comparePlans,
  costProxy,
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
  /**
   * The budget on an EX-correct prediction's cost proxy (001 §7), relative to its gold's
   * and/or absolute; needs the explainer. Absent: no budget, no cost recorded.
   */
  readonly budget?: CostBudget;
}

type CaseCost = NonNullable<CaseEfficiencyRecord['cost']>;

/** The proxies of both plans against the budget; null when either cannot be sized. */
function costAgainst(
  goldPlan: Awaited<ReturnType<typeof queryPlan>>,
  predictionPlan: Awaited<ReturnType<typeof queryPlan>>,
  budget: CostBudget,
): CaseCost | null {
  const gold = costProxy(goldPlan);
  const prediction = costProxy(predictionPlan);
  if (gold === null || prediction === null) return null;
  const check = checkBudget(gold, prediction, budget);
  return {
    unit: gold.unit,
    gold: gold.value,
    prediction: prediction.value,
    ratio: check.ratio,
    budget_x: budget.relative ?? null,
    budget_max: budget.absolute ?? null,
    over_budget: check.overBudget,
  };
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
  // only correct predictions are costed (001 §7): a broken query would look cheap
  let cost: CaseCost | null | undefined;
  if (options.explainer && result.status === 'pass') {
    try {
      const planned = { ...(options.tables ? { tables: options.tables } : {}) };
      const gold = await queryPlan(options.explainer, goldSql, planned);
      const prediction = await queryPlan(options.explainer, sql, planned);
      added = comparePlans(gold, prediction).addedFlagged.map((s) => s.detail);
      if (options.budget) cost = costAgainst(gold, prediction, options.budget);
    } catch {
      // A plan the explainer cannot read leaves the flag empty and the case unbudgeted
      // (counted apart on the board); the timing stands.
      added = [];
      if (options.budget) cost = null;
    }
  }
  return {
    status: m.status,
    time_ratio: m.timeRatio,
    ves_reward: m.status === 'measured' ? vesReward(m.timeRatio) : 0,
    rves_reward: m.reward,
    added_full_scans: added,
    ...(cost !== undefined ? { cost } : {}),
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
