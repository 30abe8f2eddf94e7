// A suite a run must not score: some case the run would ask has no gold rows, so its result
// could not be compared and only the outcome would be scored: a pass that is not one. The
// error names every such case with its place, and how the rows get written.

import { formatPlace } from './source-location.js';

/** One case (or one alternative of it) that has no gold rows to compare against. */
export interface UnscorableCase {
  caseId: string;
  /** The suite file, when the suite was loaded from one. */
  file: string | undefined;
  /** 1-based line of the case, when known. */
  line: number | undefined;
  /** What is missing: `no rows`, or `alt_sql[1] has no alt_rows`. */
  problem: string;
}

export class UnscorableSuiteError extends Error {
  readonly code = 'SUITE_UNSCORABLE';
  /** Every offending case, in suite order. */
  readonly cases: readonly UnscorableCase[];

  constructor(suiteName: string, cases: readonly UnscorableCase[]) {
    const files = [...new Set(cases.map((c) => c.file).filter((f) => f !== undefined))];
    const target = files.length === 1 ? files[0] : 'FILE';
    const lines = cases.map(
      (c) => `  ${formatPlace(c.file, c.line) ?? suiteName}: case ${c.caseId}: ${c.problem}`,
    );
    super(
      [
        `suite ${suiteName}: ${cases.length} case(s) have no gold rows, so a run could only score their outcome. ` +
          `Gold rows are written by regenerate: \`nl2sql suite regenerate ${target}\` (then review the diff).`,
        ...lines,
      ].join('\n'),
    );
    this.name = 'UnscorableSuiteError';
    this.cases = cases;
    // The user's to fix, not a crash: printing it shows the cases, not frames.
    this.stack = `${this.name}: ${this.message}`;
  }
}
