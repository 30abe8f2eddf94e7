export { type AnyOptions, type AnyVerdict, compareAny } from './any.js';
export { ComparatorError, type ComparatorErrorCode } from './comparator-error.js';
export { displayValue } from './display-value.js';
export { formatReason, formatTies, formatVerdict } from './format-verdict.js';
export { compareLenient, lenientColumnCap } from './lenient.js';
export { hasTopLevelOrderBy } from './order-by.js';
export { comparePolicy, POLICIES, type Policy, type PolicyOptions } from './policy.js';
export { softF1 } from './soft-f1.js';
export { compareStrict } from './strict.js';
export { type CompareOptions, DEFAULT_TOLERANCE, type TableLike } from './table.js';
export type { TieOrder } from './ties.js';
export type {
  DisplayValue,
  Reason,
  ReasonCode,
  RowSample,
  Score,
  TieNote,
  Verdict,
} from './verdict.js';
