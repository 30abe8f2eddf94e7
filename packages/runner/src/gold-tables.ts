import type { TableLike, TieOrder } from '@nl2sql/comparator';
import { caseEngine, type EvalCase, goldRowsFor } from '@nl2sql/suite';

/**
 * The case's gold answers as tables: rows first, then each alternative. Gold rows carry no
 * column names (names never count), so columns are numbered; an empty gold takes its width
 * from the first non-empty alternative, else from the result, so only the row count decides.
 * The rows are the datasource engine's (`rows_by_engine`) where the case gives them.
 */
export function goldTables(c: EvalCase, resultWidth: number, engine = 'sqlite'): TableLike[] {
  const sets = [goldRowsFor(c, engine) ?? [], ...(c.alt_rows ?? [])];
  return sets.map((rows) => {
    const width = rows[0]?.length ?? resultWidth;
    return { columns: Array.from({ length: width }, (_, i) => `gold_${i + 1}`), rows };
  });
}

/**
 * The tie groups of the case's first gold (its `order_ties`, recorded by regenerate from the
 * gold's ORDER BY), or undefined for exact order. They describe `rows`: where the engine's
 * own rows (`rows_by_engine`) are the gold, the order stays exact.
 */
export function goldTieOrder(c: EvalCase, engine = 'sqlite'): TieOrder | undefined {
  const ties = c.order_ties;
  if (ties === undefined) return undefined;
  if (caseEngine(engine) === 'postgres' && c.rows_by_engine?.postgres !== undefined)
    return undefined;
  return {
    groups: ties.groups,
    ...(ties.boundary_rows === undefined ? {} : { boundaryRows: ties.boundary_rows }),
  };
}
