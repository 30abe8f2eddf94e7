// Reading PostgreSQL's EXPLAIN (FORMAT JSON): the plan tree's total cost (the planner's own
// units, comparable between plans on one server), and every node that reads a relation.
// `Seq Scan` reads the whole table; an index or index-only scan with no index condition reads
// a whole index. Under a SubPlan (not a hashed one, not an InitPlan) a scan is repeated for
// every outer row.
import { EfficiencyError } from './efficiency-error.js';
import type { PlanScan, TableSizes } from './plan-scan.js';
import { isFlagged } from './plan-scan.js';

export interface PostgresPlanReading {
  steps: string[];
  scans: PlanScan[];
  totalCost: number;
}

type Node = Record<string, unknown>;

const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

export function readPostgresPlan(json: unknown, sizes: TableSizes): PostgresPlanReading {
  const top = Array.isArray(json) ? json[0] : json;
  const root = isNode(top) ? top.Plan : undefined;
  if (!isNode(root) || typeof root['Total Cost'] !== 'number') {
    throw new EfficiencyError(
      'explain_failed',
      'not a PostgreSQL EXPLAIN (FORMAT JSON) plan: no Plan with a Total Cost',
    );
  }
  const steps: string[] = [];
  const scans: PlanScan[] = [];
  const visit = (node: Node, depth: number, underSubPlan: boolean): void => {
    const type = String(node['Node Type'] ?? '?');
    const relation = typeof node['Relation Name'] === 'string' ? node['Relation Name'] : null;
    const alias = typeof node.Alias === 'string' ? node.Alias : relation;
    const index = typeof node['Index Name'] === 'string' ? ` using ${node['Index Name']}` : '';
    const on = relation === null ? '' : ` on ${relation}${alias !== relation ? ` ${alias}` : ''}`;
    const detail = `${type}${index}${on}`;
    const subPlan =
      node['Parent Relationship'] === 'SubPlan' &&
      !String(node['Subplan Name'] ?? '').startsWith('hashed');
    const correlated = underSubPlan || subPlan;
    steps.push(
      `${'  '.repeat(depth)}${detail} (cost=${String(node['Startup Cost'])}..${String(node['Total Cost'])} rows=${String(node['Plan Rows'])})`,
    );
    if (relation !== null) {
      const fullScan = type === 'Seq Scan';
      const scan = {
        table: relation,
        label: alias ?? relation,
        detail,
        fullScan,
        wholeScan:
          fullScan ||
          ((type === 'Index Scan' || type === 'Index Only Scan') &&
            node['Index Cond'] === undefined),
        correlated,
        rows: sizes.rowsOf(relation),
      };
      scans.push({ ...scan, flagged: isFlagged(scan, sizes.largeTableRows) });
    }
    const children = node.Plans;
    if (Array.isArray(children)) {
      for (const c of children) if (isNode(c)) visit(c, depth + 1, correlated);
    }
  };
  visit(root, 0, false);
  return { steps, scans, totalCost: root['Total Cost'] as number };
}
