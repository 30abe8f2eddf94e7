// The relationships a case's gold query joins over, read from its gold plan: each join's key
// equalities, with aliases resolved to tables, matched against the registry (approved or
// not: a gold query that joins over an unapproved relationship still needs it). A plan's join
// is a structural shape here, so the runner reads plans without depending on @nl2sql/plan.

import { keyPairs, type RelationshipRegistry } from '@nl2sql/schema-selection';

interface ColumnRef {
  readonly kind?: string;
  readonly table?: string | null;
  readonly column?: string;
}

/** The parts of a gold plan the joins are read from. */
export interface PlanJoins {
  readonly from: { readonly table: string; readonly alias?: string | null };
  readonly joins?: ReadonlyArray<{
    readonly table: string;
    readonly alias?: string | null;
    readonly on: ReadonlyArray<{
      readonly left: ColumnRef;
      readonly right: ColumnRef;
      readonly op?: string | null;
    }>;
  }> | null;
}

const pairKey = (a: string, b: string) => (a < b ? `${a}=${b}` : `${b}=${a}`);

/**
 * Labels of the registry's relationships that the plan's joins equate key for key (a
 * composite key only when every pair is there), sorted. A join on anything else (a range, a
 * column no relationship covers) requires no relationship.
 */
export function goldRelationships(plan: PlanJoins, registry: RelationshipRegistry): string[] {
  const names = registry.names;
  const tableOf = new Map<string, string>();
  const known = (table: string) => {
    try {
      return names.table(table, 'gold plan');
    } catch {
      return undefined;
    }
  };
  for (const t of [plan.from, ...(plan.joins ?? [])]) {
    const table = known(t.table);
    if (table) tableOf.set((t.alias ?? t.table).toLowerCase(), table);
  }
  const column = (ref: ColumnRef): string | undefined => {
    if (ref.kind !== 'column' || !ref.table || !ref.column) return undefined;
    const table = tableOf.get(ref.table.toLowerCase());
    if (!table) return undefined;
    try {
      return `${table}.${names.column(table, ref.column, 'gold plan')}`;
    } catch {
      return undefined;
    }
  };
  const found = new Set<string>();
  for (const join of plan.joins ?? []) {
    const pairs = new Set<string>();
    for (const condition of join.on) {
      if ((condition.op ?? '=') !== '=') continue;
      const left = column(condition.left);
      const right = column(condition.right);
      if (left && right) pairs.add(pairKey(left, right));
    }
    for (const relationship of registry.all) {
      const keys = keyPairs(relationship);
      if (keys.length > 0 && keys.every(([a, b]) => pairs.has(pairKey(a, b)))) {
        found.add(relationship.id);
      }
    }
  }
  return [...found].sort();
}
