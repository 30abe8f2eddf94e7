/** Why a test suite could not be built, opened or used to score. */
export type TestSuiteErrorCode =
  /** The schema holds something variants cannot reproduce (a virtual table, a dangling key). */
  | 'unsupported_schema'
  /** A variant could not be filled so that every key and constraint holds. */
  | 'variant_invalid'
  /** A gold query failed, was truncated or parsed as something else than one query. */
  | 'gold_failed'
  /** The gold given to score with is not one the suite was built for. */
  | 'gold_not_in_suite'
  /** The manifest is missing, malformed or of another format version. */
  | 'manifest_invalid'
  /** The original database is not the one the suite was built from. */
  | 'original_changed'
  /** The golds are not the ones the suite was built from. */
  | 'golds_changed'
  /** A variant regenerated from its seed is not byte-identical to the one distilled. */
  | 'variant_digest_mismatch'
  /** An option out of range (a seed, a cap, a count). */
  | 'invalid_option';

/**
 * A test suite cannot be trusted for scoring. Thrown rather than scored around: a suite that
 * is not the one distilled, or a gold that fails on one of its databases, would turn into
 * passes or failures that are not the prediction's.
 */
export class TestSuiteError extends Error {
  override readonly name = 'TestSuiteError';
  readonly code: TestSuiteErrorCode;

  constructor(code: TestSuiteErrorCode, message: string, options?: { cause?: unknown }) {
    super(`testsuite: ${message}`, options);
    this.code = code;
  }
}
