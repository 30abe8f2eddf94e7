// Rows an engine reported against the rows its SQL returns when the harness runs it. They
// come from the same SQL on the same database, so they agree up to what a driver may change:
// row order without an ORDER BY, how a number or a date is written ('2009' for 2009, 49.62
// for 49.6200001), so the comparator's strict rule (same columns in order, same rows as a
// multiset, numbers within its tolerance) decides; column names are a driver's business.
import { compareStrict, formatReason } from '@nl2sql/comparator';
import type { ResultSet } from '@nl2sql/engine';

/**
 * Null when `reported` agrees with `executed`, else what differs (counts, the first row
 * without a match). Where either side stopped at its row cap (`truncated`), only the rows
 * both read are compared: an engine capped below the harness sends fewer rows, not others.
 */
export function reportedRowsDiffer(
  reported: readonly ResultSet[],
  executed: ResultSet,
): string | null {
  if (reported.length !== 1) {
    return `the engine reported ${reported.length} result sets; its SQL returns one`;
  }
  const said = reported[0] as ResultSet;
  let saidRows = said.rows;
  let ranRows = executed.rows;
  if (said.truncated || executed.truncated) {
    const n = Math.min(saidRows.length, ranRows.length);
    saidRows = saidRows.slice(0, n);
    ranRows = ranRows.slice(0, n);
  }
  const verdict = compareStrict(
    { columns: executed.columns, rows: ranRows },
    { columns: said.columns, rows: saidRows },
    { orderMatters: false },
  );
  if (verdict.pass) return null;
  const counts = `the engine reported ${said.rows.length} row(s) in ${said.columns.length} column(s), its SQL returns ${executed.rows.length} in ${executed.columns.length} on the pinned database`;
  const reason = verdict.reason;
  // Here the SQL's rows stand where a gold would, the engine's report where a result would.
  if (reason?.code === 'row_mismatch') {
    return `${counts}: ${formatReason(reason, { gold: "the SQL's", result: 'reported' })}`;
  }
  return counts;
}
