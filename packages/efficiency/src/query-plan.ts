// The plan of one query (001 §7: deterministic efficiency proxies before wall-clock timings):
// SQLite's EXPLAIN QUERY PLAN with full scans of large tables flagged, PostgreSQL's
// EXPLAIN (FORMAT JSON) with its total cost and sequential scans of large tables flagged.
// Table sizes come from the datasource's introspection (`rowCount`).
import { tableReferences } from '@nl2sql/sqlcheck';
import { EfficiencyError } from './efficiency-error.js';
import type { Explainer } from './explainer.js';
import type { PlanScan, TableSizes } from './plan-scan.js';
import { readPostgresPlan } from './postgres-plan.js';
import { readSqlitePlan } from './sqlite-plan.js';

/** A full scan of a table with more rows than this is flagged (default). */
export const DEFAULT_LARGE_TABLE_ROWS = 1000;

export interface QueryPlanOptions {
  /** Tables with their row counts: `(await datasource.introspect()).tables` fits. */
  tables?: readonly { name: string; rowCount?: number }[];
  /** Flag full scans of tables with more rows than this (default 1000). */
  largeTableRows?: number;
}

export interface QueryPlan {
  engine: 'sqlite' | 'postgres';
  /** The plan as indented lines. */
  steps: string[];
  /** Every table access, in plan order. */
  scans: PlanScan[];
  /** The full scans of large tables. */
  flagged: PlanScan[];
  /** PostgreSQL's estimated total cost; null on SQLite, which gives none. */
  totalCost: number | null;
}

function sizesOf(options: QueryPlanOptions): TableSizes {
  const largeTableRows = options.largeTableRows ?? DEFAULT_LARGE_TABLE_ROWS;
  if (!(largeTableRows >= 0)) {
    throw new EfficiencyError('invalid_option', `queryPlan: largeTableRows is ${largeTableRows}`);
  }
  const exact = new Map<string, number>();
  const folded = new Map<string, number>();
  for (const t of options.tables ?? []) {
    if (t.rowCount === undefined) continue;
    exact.set(t.name, t.rowCount);
    folded.set(t.name.toLowerCase(), t.rowCount);
  }
  return {
    largeTableRows,
    rowsOf: (table) => exact.get(table) ?? folded.get(table.toLowerCase()) ?? null,
  };
}

/** The plan of `sql`, read and flagged. Throws EfficiencyError when it cannot be planned. */
export async function queryPlan(
  explainer: Explainer,
  sql: string,
  options: QueryPlanOptions = {},
): Promise<QueryPlan> {
  const sizes = sizesOf(options);
  const raw = await explainer.explain(sql);
  if (raw.engine === 'sqlite') {
    // Labels are aliases; without a parse (SQL the parser cannot read) they are taken as names.
    const refs = await tableReferences(sql, undefined, { dialect: 'sqlite' });
    const labels =
      refs ?? raw.rows.map((r) => ({ table: r.detail.split(' ')[1] ?? '', alias: null }));
    const { steps, scans } = readSqlitePlan(raw.rows, labels, sizes);
    return {
      engine: 'sqlite',
      steps,
      scans,
      flagged: scans.filter((s) => s.flagged),
      totalCost: null,
    };
  }
  if (raw.engine === 'postgres') {
    const { steps, scans, totalCost } = readPostgresPlan(raw.json, sizes);
    return { engine: 'postgres', steps, scans, flagged: scans.filter((s) => s.flagged), totalCost };
  }
  throw new EfficiencyError(
    'unsupported_engine',
    `no reader for plans of ${String((raw as { engine: unknown }).engine)}`,
  );
}

export interface PlanComparison {
  /** Flagged scans in the prediction's plan of tables the gold's plan does not flag. */
  addedFlagged: PlanScan[];
  /** PostgreSQL: the prediction's total cost over the gold's; null on SQLite. */
  costRatio: number | null;
}

/** What the prediction's plan adds over the gold's. */
export function comparePlans(gold: QueryPlan, prediction: QueryPlan): PlanComparison {
  const goldFlagged = new Set(gold.flagged.map((s) => s.table));
  return {
    addedFlagged: prediction.flagged.filter((s) => !goldFlagged.has(s.table)),
    costRatio:
      gold.totalCost !== null && prediction.totalCost !== null && gold.totalCost > 0
        ? prediction.totalCost / gold.totalCost
        : null,
  };
}
