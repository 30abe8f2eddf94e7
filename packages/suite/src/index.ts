export {
  CASE_SOURCES,
  CASE_TAGS,
  type CaseSource,
  type CaseTag,
  type Cell,
  type EvalCase,
  type EvalSuite,
  isAnswerable,
  OUTCOMES,
  type Outcome,
  type PlanNote,
  type Row,
} from './case.js';
export { canonicalJson, goldPin, suiteDigest, suiteFileDigest } from './digest.js';
export {
  type AccessPolicy,
  ALT_MAX_ROWS,
  ALT_MIN_ROWS,
  expectedOutcome,
  formatLintFinding,
  type LintFinding,
  type LintOptions,
  type LintRule,
  lintSuite,
} from './lint-suite.js';
export { loadSuite, parseSuite } from './load-suite.js';
export { type PackagedSuite, packagedSuite } from './packaged-suite.js';
export {
  RegenerateError,
  type RegenerateErrorCode,
  type RegenerateOptions,
  type RegenerateResult,
  regenerate,
  regenerateSuite,
  toCell,
} from './regenerate.js';
export {
  SuiteFormatError,
  type SuiteFormatErrorCode,
  type SuiteFormatLocation,
} from './suite-format-error.js';
export { CASE_JSON_SCHEMA, SUITE_JSON_SCHEMA } from './suite-schema.js';
export { formatSuite, writeSuite } from './write-suite.js';
