import type { TableLike } from '@nl2sql/comparator';
import { type EvalCase, goldRowsFor } from '@nl2sql/suite';

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
