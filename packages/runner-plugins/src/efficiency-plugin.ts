// VES, R-VES, query plans and the cost budget of one case run (@nl2sql/efficiency, which
// reads plans through SQLite or PostgreSQL): runEval's `plugins.efficiency`.
import type { Datasource } from '@nl2sql/datasource';
import type * as Efficiency from '@nl2sql/efficiency';
import type { CaseEfficiencyRecord } from '@nl2sql/records';

type Module = typeof Efficiency;
type CaseCost = NonNullable<CaseEfficiencyRecord['cost']>;
type Plan = Awaited<ReturnType<Module['queryPlan']>>;

/** What one case run's measurement is given (runner's EfficiencyMeasureInput). */
export interface MeasureInput {
  readonly datasource: Pick<Datasource, 'execute'>;
  readonly goldSql: string;
  readonly predSql: string;
  readonly correct: boolean;
  readonly explainer?: Efficiency.Explainer;
  readonly tables?: Efficiency.QueryPlanOptions['tables'];
  readonly repeats?: number;
  readonly warmup?: number;
  readonly timeoutMs?: number;
  readonly budget?: Efficiency.CostBudget;
  readonly signal?: AbortSignal;
}

/** The proxies of both plans against the budget; null when either cannot be sized. */
function costAgainst(
  efficiency: Module,
  goldPlan: Plan,
  predictionPlan: Plan,
  budget: Efficiency.CostBudget,
): CaseCost | null {
  const gold = efficiency.costProxy(goldPlan);
  const prediction = efficiency.costProxy(predictionPlan);
  if (gold === null || prediction === null) return null;
  const check = efficiency.checkBudget(gold, prediction, budget);
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
async function measure(efficiency: Module, input: MeasureInput): Promise<CaseEfficiencyRecord> {
  const m = await efficiency.measureEfficiency({
    datasource: input.datasource,
    goldSql: input.goldSql,
    predSql: input.predSql,
    correct: input.correct,
    ...(input.repeats !== undefined ? { repeats: input.repeats } : {}),
    ...(input.warmup !== undefined ? { warmup: input.warmup } : {}),
    ...(input.timeoutMs !== undefined ? { timeoutMs: input.timeoutMs } : {}),
    ...(input.signal ? { signal: input.signal } : {}),
  });
  let added: string[] = [];
  // only correct predictions are costed (001 §7): a broken query would look cheap
  let cost: CaseCost | null | undefined;
  if (input.explainer && input.correct) {
    try {
      const planned = { ...(input.tables ? { tables: input.tables } : {}) };
      const gold = await efficiency.queryPlan(input.explainer, input.goldSql, planned);
      const prediction = await efficiency.queryPlan(input.explainer, input.predSql, planned);
      added = efficiency.comparePlans(gold, prediction).addedFlagged.map((s) => s.detail);
      if (input.budget) cost = costAgainst(efficiency, gold, prediction, input.budget);
    } catch {
      // A plan the explainer cannot read leaves the flag empty and the case unbudgeted
      // (counted apart on the board); the timing stands.
      added = [];
      if (input.budget) cost = null;
    }
  }
  return {
    status: m.status,
    time_ratio: m.timeRatio,
    ves_reward: m.status === 'measured' ? efficiency.vesReward(m.timeRatio) : 0,
    rves_reward: m.reward,
    added_full_scans: added,
    ...(cost !== undefined ? { cost } : {}),
    ...(m.error ? { error: `${m.error.side}: ${m.error.code}: ${m.error.message}` } : {}),
  };
}

/** runEval's `plugins.efficiency`, over @nl2sql/efficiency as loaded. */
export function efficiencyPluginOf(efficiency: Module) {
  return { measure: (input: MeasureInput) => measure(efficiency, input) };
}

/** runEval's `plugins.efficiency`: @nl2sql/efficiency, imported now. */
export async function efficiencyPlugin(): Promise<ReturnType<typeof efficiencyPluginOf>> {
  return efficiencyPluginOf(await import('@nl2sql/efficiency'));
}
