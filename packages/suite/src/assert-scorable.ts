// The guard every run passes before its first ask: a case whose result would be compared
// must have the rows to compare with. Without them the result-match scorer has nothing to
// say and the case is scored on its outcome alone, so an unwritten suite scored 100%.

import { type EvalCase, type EvalSuite, isApproved } from './case.js';
import type { SuiteMode } from './lint-rules.js';
import { sourceLocation } from './source-location.js';
import { type UnscorableCase, UnscorableSuiteError } from './unscorable-suite-error.js';

export interface ScorableOptions {
  /** The run's mode: mode retrieval scores tables and columns, not rows, and needs none. */
  mode: SuiteMode;
  /** The roles the run asks as (default: each case's own roles). */
  roles?: readonly string[];
}

/** True when the run compares this case's result: some role it is asked as is allowed. */
function resultCompared(c: EvalCase, roles: ReadonlySet<string> | undefined): boolean {
  if (!isApproved(c) || c.sql === undefined) return false;
  // A case without roles (built in code) is asked once, as allowed.
  if (Object.keys(c.outcome).length === 0) return roles === undefined;
  const outcomes = Object.entries(c.outcome).filter(([role]) => !roles || roles.has(role));
  return outcomes.some(([, outcome]) => outcome === 'allowed');
}

/**
 * Throws UnscorableSuiteError, naming every case and place, when an approved case the run
 * would compare has no `rows`, or an `alt_sql` without its `alt_rows`. Cases that are not
 * approved are not run, so they are not checked.
 */
export function assertScorable(suite: EvalSuite, options: ScorableOptions): void {
  if (options.mode === 'retrieval') return;
  const roles = options.roles ? new Set(options.roles) : undefined;
  const missing: UnscorableCase[] = [];
  for (const c of suite.cases) {
    if (!resultCompared(c, roles)) continue;
    const place = sourceLocation(c);
    const at = { caseId: c.id, file: place?.file, line: place?.line };
    if (c.rows === undefined) missing.push({ ...at, problem: 'no rows' });
    const tiesProblem = c.rows && c.order_ties ? staleTies(c.rows.length, c.order_ties) : null;
    if (tiesProblem) missing.push({ ...at, problem: `${tiesProblem}: run regenerate` });
    for (const i of (c.alt_sql ?? []).keys())
      if (c.alt_rows?.[i] === undefined)
        missing.push({ ...at, problem: `alt_sql[${i}] has no alt_rows` });
  }
  if (missing.length > 0) throw new UnscorableSuiteError(suite.name, missing);
}

/** Why a case's `order_ties` do not describe its rows (stale after an edit), or null. */
function staleTies(rows: number, ties: NonNullable<EvalCase['order_ties']>): string | null {
  const covered = ties.groups.reduce((a, b) => a + b, 0);
  if (covered !== rows) return `order_ties groups cover ${covered} rows, rows has ${rows}`;
  const last = ties.groups[ties.groups.length - 1] ?? 0;
  if (ties.boundary_rows !== undefined && ties.boundary_rows.length < last)
    return `order_ties boundary_rows lists ${ties.boundary_rows.length} rows, fewer than the last group's ${last}`;
  return null;
}
