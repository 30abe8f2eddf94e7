// One problem lint found: the case and the rule, where it is (file and line of the field
// at fault when the suite came from a file) and what is wrong, as data and as one line.

import type { LintRule, LintSeverity } from './lint-rules.js';
import { formatPlace } from './source-location.js';

export interface LintFinding {
  /** The suite file, when the suite was loaded from one. */
  file: string | undefined;
  /** 1-based line of the field at fault (or of the case), when known. */
  line: number | undefined;
  /** The case at fault; undefined for a suite-level finding. */
  caseId: string | undefined;
  rule: LintRule;
  severity: LintSeverity;
  message: string;
}

/**
 * One finding as a line, located when the suite came from a file:
 * `suite.yaml:14: c1: tables-mismatch (error): tables lists Album, sql reads Artist`.
 * A suite-level finding names `(suite)` for the case.
 */
export function formatLintFinding(f: LintFinding): string {
  const place = formatPlace(f.file, f.line);
  const body = `${f.caseId ?? '(suite)'}: ${f.rule} (${f.severity}): ${f.message}`;
  return place === undefined ? body : `${place}: ${body}`;
}
