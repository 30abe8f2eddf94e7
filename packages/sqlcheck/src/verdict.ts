// Check results are values: a caller (suite lint, the engine's validator, the CLI) decides
// what a failure means. Every violation names the rule that produced it.

export interface Violation {
  /** Stable rule id, e.g. "unknown-table", "limit-out-of-range". */
  rule: string;
  /** What is wrong and where, for people. */
  message: string;
}

export interface Verdict {
  pass: boolean;
  violations: Violation[];
}

export function verdict(violations: Violation[]): Verdict {
  return { pass: violations.length === 0, violations };
}
