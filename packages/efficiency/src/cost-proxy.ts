// A deterministic cost proxy of one query (001 §7: deterministic proxies before wall-clock
// timings), read from its plan alone, never from a timing, so the same query on the same
// database always costs the same. SQLite gives no cost: the proxy is an estimate of the rows
// read (a whole scan reads the table's introspected row count, an index search one row per
// step, a scan repeated per outer row multiplied by the outer's rows). PostgreSQL's proxy is
// EXPLAIN's estimated total cost. See decisions/efficiency-budgets.md.
import { EfficiencyError } from './efficiency-error.js';
import type { QueryPlan } from './query-plan.js';

export type CostUnit = 'rows_read' | 'pg_cost';

export interface CostProxy {
  /** `rows_read` (SQLite's estimate of rows read) or `pg_cost` (PostgreSQL's planner units). */
  unit: CostUnit;
  /** The proxy, at least 1 so a ratio to it is always finite. */
  value: number;
  /** Full scans of large tables in the plan (the plan's flagged scans). */
  fullScans: number;
}

/** The proxy of a plan; null on SQLite when a table it scans whole has no known row count. */
export function costProxy(plan: QueryPlan): CostProxy | null {
  const fullScans = plan.flagged.length;
  if (plan.engine === 'postgres') {
    if (plan.totalCost === null) return null;
    return { unit: 'pg_cost', value: Math.max(1, plan.totalCost), fullScans };
  }
  const whole = plan.scans.filter((s) => s.wholeScan);
  if (whole.some((s) => s.rows === null)) return null;
  // the rows a correlated scan is repeated for: the largest table the outer query scans whole
  const outer = Math.max(1, ...whole.filter((s) => !s.correlated).map((s) => s.rows as number));
  let rows = 0;
  for (const s of plan.scans) {
    const read = s.wholeScan ? (s.rows as number) : 1;
    rows += s.correlated ? read * outer : read;
  }
  return { unit: 'rows_read', value: Math.max(1, rows), fullScans };
}

/** A budget on a prediction's proxy: relative to its gold's, absolute, or both. */
export interface CostBudget {
  /** At most this many times the gold's proxy (e.g. 10). */
  relative?: number;
  /** At most this proxy value, in the engine's unit. */
  absolute?: number;
}

export interface BudgetCheck {
  /** The prediction's proxy over the gold's. */
  ratio: number;
  overBudget: boolean;
}

/** Checks a prediction's proxy against its gold's under `budget`. Throws on mismatched units or a bad budget. */
export function checkBudget(
  gold: CostProxy,
  prediction: CostProxy,
  budget: CostBudget,
): BudgetCheck {
  if (gold.unit !== prediction.unit) {
    throw new EfficiencyError(
      'invalid_option',
      `checkBudget: the gold's proxy is in ${gold.unit}, the prediction's in ${prediction.unit}`,
    );
  }
  for (const [name, v] of Object.entries(budget)) {
    if (v !== undefined && !(typeof v === 'number' && v > 0 && Number.isFinite(v))) {
      throw new EfficiencyError('invalid_option', `checkBudget: budget ${name} is ${String(v)}`);
    }
  }
  const ratio = prediction.value / gold.value;
  const overBudget =
    (budget.relative !== undefined && ratio > budget.relative) ||
    (budget.absolute !== undefined && prediction.value > budget.absolute);
  return { ratio, overBudget };
}
