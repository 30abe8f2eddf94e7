// Lint checks of a case's alternative answers (`alt_sql`, `alt_rows`, `alt_reads`): each has
// its rows, differs from the gold in SQL and in result (else it adds nothing), returns a
// result a person can read, and reads what the case says it reads: within `tables` (and
// only columns every role allowed on the case may read) when the case declares no
// `alt_reads`, else exactly its own `alt_reads` entry.
// Which roles each alternative then counts for is alt-reads.ts's rule.

import { roleAccess } from '@nl2sql/access-policy';
import { alternativeReads, alternativeServes, rolesDenied } from './alt-reads.js';
import type { EvalCase } from './case.js';
import { type LintContext, list, rowsKey, sameList } from './lint-context.js';
import { sqlcheck } from './sql-parser.js';

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

/** The names of `xs` not in `within`, compared case-insensitively as SQL compares names. */
function outside(xs: readonly string[], within: readonly string[]): string[] {
  const known = new Set(within.map((x) => x.toLowerCase()));
  return xs.filter((x) => !known.has(x.toLowerCase()));
}

/** `alt-table` or `alt-reads-mismatch` for alternative `i`, against what its SQL reads. */
async function lintAlternativeReads(
  c: EvalCase,
  i: number,
  alt: string,
  { add, schema, dialect, options }: LintContext,
): Promise<void> {
  if (!schema) return;
  const reads = await (await sqlcheck()).readSet(alt, schema, dialect);
  if (!reads) {
    add(c, 'alt-unparsed', `alt_sql[${i}] is not one parsable query`);
    return;
  }
  const declared = c.alt_reads?.[i];
  if (c.alt_reads === undefined) {
    // Undeclared, an alternative counts wherever the gold does: so it reads no other table,
    // and no column a role allowed on the case may not read (a policy's column lists).
    const tables = outside(reads.tables, c.tables);
    if (tables.length > 0)
      add(
        c,
        'alt-table',
        `alt_sql[${i}] reads ${list(tables)}, outside tables (an alternative that reads other tables declares them in alt_reads)`,
      );
    else {
      const denied = rolesDenied(c, reads, options.policy);
      if (denied.length > 0)
        add(
          c,
          'alt-table',
          `alt_sql[${i}] reads ${list(outside(reads.columns, c.columns))}, which role ${list(denied)} (allowed on the case) may not read (declare what it reads in alt_reads)`,
        );
    }
  } else if (declared !== undefined) {
    if (!sameList(reads.tables, declared.tables))
      add(
        c,
        'alt-reads-mismatch',
        `alt_reads[${i}] lists tables ${list(declared.tables)}, alt_sql[${i}] reads ${list(reads.tables)}`,
      );
    if (!sameList(reads.columns, declared.columns))
      add(
        c,
        'alt-reads-mismatch',
        `alt_reads[${i}] lists columns ${list(declared.columns)}, alt_sql[${i}] reads ${list(reads.columns)}`,
      );
  }
}

/** `alt-same-tables` (require.alt_same_tables) and `alt-no-role` (under a policy) for alternative `i`. */
function lintAlternativeScope(c: EvalCase, i: number, { add, options }: LintContext): void {
  const declared = c.alt_reads?.[i];
  if (options.require?.alt_same_tables && declared !== undefined) {
    const tables = outside(declared.tables, c.tables);
    if (tables.length > 0)
      add(
        c,
        'alt-same-tables',
        `alt_sql[${i}] reads ${list(tables)}, outside tables; this suite keeps alternatives to the case's tables`,
      );
  }
  const { policy } = options;
  if (!policy) return;
  const allowed = Object.keys(c.outcome).filter((role) => c.outcome[role] === 'allowed');
  if (allowed.length === 0) return;
  if (!allowed.some((role) => alternativeServes(c, i, roleAccess(policy, role))))
    add(
      c,
      'alt-no-role',
      alternativeReads(c, i) === undefined
        ? `alt_sql[${i}] has no alt_reads entry, so it counts for no role`
        : `alt_sql[${i}] reads what none of the roles allowed on the case (${list(allowed.sort())}) may read all of, so it counts for none`,
    );
}

/** Every `alt-*` rule, against the gold `sql`. */
export async function lintAlternatives(
  c: EvalCase,
  sql: string,
  context: LintContext,
): Promise<void> {
  const { add } = context;
  const alts = c.alt_sql ?? [];
  if (alts.length !== (c.alt_rows ?? []).length)
    add(
      c,
      'alt-rows-missing',
      `${alts.length} alt_sql but ${(c.alt_rows ?? []).length} alt_rows: run regenerate`,
    );
  if (c.alt_reads !== undefined && c.alt_reads.length !== alts.length)
    add(
      c,
      'alt-reads-mismatch',
      `${alts.length} alt_sql but ${c.alt_reads.length} alt_reads: one entry per alternative`,
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
    await lintAlternativeReads(c, i, alt, context);
    lintAlternativeScope(c, i, context);
  }
}
