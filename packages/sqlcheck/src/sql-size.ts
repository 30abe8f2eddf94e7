// The size limit on SQL text, applied before any parse: defined in @nl2sql/diagnostics (so the
// runner applies it without installing the parser), the checks' finding a Violation.
export { DEFAULT_MAX_SQL_BYTES, sqlBytes, sqlSizeViolation } from '@nl2sql/diagnostics';
