export { type GoldRowsOptions, type MatcherOutcome, matchGoldRows } from './gold-rows.js';
export { type Nl2sqlMatchers, nl2sqlMatchers } from './matchers.js';
export { describeValue, isTableLike } from './table-shape.js';
