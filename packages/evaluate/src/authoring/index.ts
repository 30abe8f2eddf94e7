// The suite authoring commands as functions: `nl2sql suite review`, `suite lint`, `suite
// import` and `suite regenerate`, each with its flags camelCased as options, printing what
// the command prints through an Io and returning its exit code and what it did.

export type { ApprovedDrafts } from './approve-drafts.js';
export {
  IMPORT_FORMATS,
  IMPORT_SUITE_OPTIONS,
  type ImportFormat,
  type ImportSuiteOptions,
  LINT_SUITE_OPTIONS,
  type LintSuiteOptions,
  REGENERATE_SUITE_OPTIONS,
  REVIEW_SUITE_OPTIONS,
  type RegenerateSuiteOptions,
  type ReviewSuiteOptions,
} from './authoring-options.js';
export { type ImportSuiteResult, importSuite } from './import-suite.js';
export { type LintSuiteResult, lintSuite } from './lint-suite.js';
export type { ListedReview } from './list-review.js';
export type { ProposalView } from './proposal-text.js';
export { type RegenerateSuiteResult, regenerateSuite } from './regenerate-suite.js';
export { type ReviewSuiteResult, reviewSuite } from './review-suite.js';
export type { SettledReview } from './settle-proposals.js';
export type { ReviewRefusalJson, SettledReviewJson } from './settled-review.js';
