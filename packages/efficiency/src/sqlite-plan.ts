// Reading SQLite's EXPLAIN QUERY PLAN rows. A step `SCAN x` with no `USING ... INDEX` reads
// the whole table x; `SCAN x USING COVERING INDEX i` reads a whole index (smaller, flagged
// only when it is repeated: under a `CORRELATED ... SUBQUERY` step). SQLite names a table by its alias (`SCAN t` for `Track t`), so labels are
// mapped back to tables through the query's table references; a label that names no
// physical table (a materialized CTE or subquery, CONSTANT ROW) is not a table scan.
import type { TableReference } from '@nl2sql/sqlcheck';
import type { SqlitePlanRow } from './explainer.js';
import type { PlanScan, TableSizes } from './plan-scan.js';
import { isFlagged } from './plan-scan.js';

export interface SqlitePlanReading {
  /** The plan as indented lines, parents before children. */
  steps: string[];
  scans: PlanScan[];
}

const STEP = /^(SCAN|SEARCH) (.+?)(?: USING (.*))?$/;

function tablesFor(label: string, refs: readonly TableReference[]): string[] {
  const key = label.toLowerCase();
  const hits = refs.filter((r) => (r.alias ?? r.table).toLowerCase() === key).map((r) => r.table);
  return [...new Set(hits)];
}

export function readSqlitePlan(
  rows: readonly SqlitePlanRow[],
  refs: readonly TableReference[],
  sizes: TableSizes,
): SqlitePlanReading {
  const depth = new Map<number, number>([[0, -1]]);
  const correlatedIds = new Set<number>();
  const steps: string[] = [];
  const scans: PlanScan[] = [];
  for (const row of rows) {
    const d = (depth.get(row.parent) ?? -1) + 1;
    depth.set(row.id, d);
    const correlated = correlatedIds.has(row.parent) || row.detail.startsWith('CORRELATED ');
    if (correlated) correlatedIds.add(row.id);
    steps.push(`${'  '.repeat(d)}${row.detail}`);
    const m = STEP.exec(row.detail);
    if (!m) continue;
    const [, verb, label, using] = m;
    if (label === undefined || label === 'CONSTANT ROW' || label.includes('VIRTUAL TABLE'))
      continue;
    const tables = tablesFor(label, refs);
    if (tables.length === 0) continue; // a CTE or subquery materialized under that name
    const counts = tables.map((t) => sizes.rowsOf(t));
    const known = counts.filter((c): c is number => c !== null);
    const scan = {
      table: tables.join(' or '),
      label,
      detail: row.detail,
      fullScan: verb === 'SCAN' && using === undefined,
      wholeScan: verb === 'SCAN',
      correlated: correlatedIds.has(row.parent),
      rows: known.length > 0 ? Math.max(...known) : null,
    };
    scans.push({ ...scan, flagged: isFlagged(scan, sizes.largeTableRows) });
  }
  return { steps, scans };
}
