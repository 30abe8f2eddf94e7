// Lint checks of a case's alternative answers (`alt_sql`, `alt_rows`): each has its rows,
// differs from the gold in SQL and in result (else it adds nothing), returns a result a
// person can read, and reads only the tables the case lists.

import { readSet } from '@nl2sql/sqlcheck';
import type { EvalCase } from './case.js';
import { type LintContext, list, rowsKey } from './lint-context.js';

/** Alternatives must be answers a person can read: between these many rows. */
export const ALT_MIN_ROWS = 1;
export const ALT_MAX_ROWS = 25;

function normaliseSql(sql: string): string {
  return sql
    .replace(/\s+/g, ' ')
    .replace(/\s*;\s*$/, '')
    .trim()
    .toLowerCase();
}

/** Every `alt-*` rule, against the gold `sql`. */
export async function lintAlternatives(
  c: EvalCase,
  sql: string,
  { add, schema, dialect }: LintContext,
): Promise<void> {
  const alts = c.alt_sql ?? [];
  if (alts.length !== (c.alt_rows ?? []).length)
    add(
      c,
      'alt-rows-missing',
      `${alts.length} alt_sql but ${(c.alt_rows ?? []).length} alt_rows: run regenerate`,
    );
  for (const [i, alt] of alts.entries()) {
    if (normaliseSql(alt) === normaliseSql(sql))
      add(c, 'alt-repeats-gold', `alt_sql[${i}] is the gold sql written again`);
    const altRows = c.alt_rows?.[i];
    if (altRows) {
      if (altRows.length < ALT_MIN_ROWS || altRows.length > ALT_MAX_ROWS)
        add(
          c,
          'alt-row-count',
          `alt_sql[${i}] returns ${altRows.length} rows (allowed ${ALT_MIN_ROWS}-${ALT_MAX_ROWS})`,
        );
      if (c.rows && rowsKey(altRows, c.order_matters) === rowsKey(c.rows, c.order_matters))
        add(c, 'alt-repeats-gold', `alt_sql[${i}] returns the gold rows unchanged`);
    }
    if (schema) {
      const reads = await readSet(alt, schema, dialect);
      if (!reads) add(c, 'alt-unparsed', `alt_sql[${i}] is not one parsable query`);
      else {
        const outside = reads.tables.filter(
          (t) => !c.tables.some((x) => x.toLowerCase() === t.toLowerCase()),
        );
        if (outside.length > 0)
          add(c, 'alt-table', `alt_sql[${i}] reads ${list(outside)}, outside tables`);
      }
    }
  }
}
