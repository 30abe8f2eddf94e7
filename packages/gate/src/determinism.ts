import { caseEntries, type RunsByCase } from './by-case.js';

/** What `determinism` reports. */
export interface Determinism {
  /** Cases with at least two passes: only those can show whether they repeat. */
  readonly cases: number;
  /** Of those, cases whose SQL and rows were identical in every pass. */
  readonly deterministic: number;
  /** deterministic / cases, or null when no case ran twice. */
  readonly rate: number | null;
  /** Keys of the cases whose SQL or rows changed between passes, in input order. */
  readonly varying: readonly string[];
}

/**
 * Whether each case produced the same SQL and the same rows in every pass. Stricter than
 * pass^k: a case can pass every time with different SQL. A missing SQL or rows digest (a
 * refusal) equals another missing one, so a case refused every time is deterministic.
 */
export function determinism(
  runsByCase: RunsByCase<{ readonly sql?: string | null; readonly rowsDigest?: string | null }>,
): Determinism {
  let cases = 0;
  let deterministic = 0;
  const varying: string[] = [];
  for (const [key, runs] of caseEntries(runsByCase)) {
    const first = runs[0];
    if (first === undefined || runs.length < 2) continue;
    cases++;
    const sql = first.sql ?? null;
    const rows = first.rowsDigest ?? null;
    if (runs.every((run) => (run.sql ?? null) === sql && (run.rowsDigest ?? null) === rows)) {
      deterministic++;
    } else {
      varying.push(key);
    }
  }
  return { cases, deterministic, rate: cases === 0 ? null : deterministic / cases, varying };
}
