// Lint checks of a case against the database's schema: the tables and columns it lists
// exist, and they are what its gold SQL actually reads (the parser's read set), so the
// retrieval and access figures built on them are true.

import type { EvalCase } from './case.js';
import { type LintContext, list, sameList } from './lint-context.js';
import { sqlcheck } from './sql-parser.js';

/** `unknown-table` and `unknown-column`. */
export function lintNames(c: EvalCase, { add, schema, tableColumns }: LintContext): void {
  if (!schema) return;
  for (const t of c.tables)
    if (!tableColumns.has(t.toLowerCase()))
      add(c, 'unknown-table', `table ${t} is not in the database`);
  for (const col of c.columns) {
    const dot = col.lastIndexOf('.');
    const cols = tableColumns.get(col.slice(0, dot).toLowerCase());
    if (!cols?.has(col.slice(dot + 1).toLowerCase()))
      add(c, 'unknown-column', `column ${col} is not in the database`);
  }
}

/** `sql-unparsed`, `tables-mismatch` and `columns-mismatch` for the gold `sql`. */
export async function lintReads(
  c: EvalCase,
  sql: string,
  { add, schema, dialect }: LintContext,
): Promise<void> {
  if (!schema) return;
  const reads = await (await sqlcheck()).readSet(sql, schema, dialect);
  if (!reads) {
    add(c, 'sql-unparsed', 'sql is not one parsable query');
    return;
  }
  if (!sameList(reads.tables, c.tables))
    add(c, 'tables-mismatch', `tables lists ${list(c.tables)}, sql reads ${list(reads.tables)}`);
  if (!sameList(reads.columns, c.columns))
    add(
      c,
      'columns-mismatch',
      `columns lists ${list(c.columns)}, sql reads ${list(reads.columns)}`,
    );
}
