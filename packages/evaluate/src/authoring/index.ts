// The suite authoring commands as functions: `nl2sql suite review`, `suite lint`, `suite
// import` and `suite regenerate`, each with its flags camelCased as options, printing what
// the command prints through an Io and returning its exit code and what it did.

export type { ApprovedDrafts } from './approve-drafts.js';
export {
  IMPORT_FORMATS,
  type ImportFormat,
  SUITE_IMPORT_OPTIONS,
  SUITE_LINT_OPTIONS,
  SUITE_REGENERATE_OPTIONS,
  SUITE_REVIEW_OPTIONS,
  type SuiteImportOptions,
  type SuiteLintOptions,
  type SuiteRegenerateOptions,
  type SuiteReviewOptions,
} from './authoring-options.js';
export { type SuiteImportResult, suiteImport } from './import-suite.js';
export { type SuiteLintResult, suiteLint } from './lint-suite.js';
export type { ListedReview } from './list-review.js';
export type { ProposalView } from './proposal-text.js';
export { type SuiteRegenerateResult, suiteRegenerate } from './regenerate-suite.js';
export { type SuiteReviewResult, suiteReview } from './review-suite.js';
export type { SettledReview } from './settle-proposals.js';
export type { ReviewRefusalJson, SettledReviewJson } from './settled-review.js';
