// The error codes an engine reports in `error.code`. The runner scores refusals and
// unanswerable questions by code, so every implementation (reference, HTTP, fakes) must use
// these exact strings.

export const ERROR_CODES = [
  /** The role may not read a table the question needs (generic message, no table named). */
  'SECURITY_VIOLATION',
  /** The datasource resolver found no datasource that can answer the question. */
  'QUESTION_NOT_ANSWERABLE',
  /** The request named a datasource the engine does not know. */
  'UNKNOWN_DATASOURCE',
  /** The request is malformed (no question, no role). */
  'INVALID_REQUEST',
  /** The plan failed validation against the schema, refinements included. */
  'INVALID_PLAN',
  /** The SQL failed the static safety check (not a scope violation). */
  'UNSAFE_SQL',
  /** The database rejected or failed the query. */
  'EXECUTION_ERROR',
  /** A statement, an LLM call or an HTTP engine call ran out of time. */
  'TIMEOUT',
  /** An LLM call failed (HTTP status, network, invalid structured output). */
  'LLM_ERROR',
  /** The caller cancelled the ask. */
  'CANCELLED',
  /**
   * HttpEngine: the engine could not be reached, answered with a non-2xx status, or its reply
   * broke off (after the retries the policy allows for a refused or reset connection and for
   * 429/503 with Retry-After). ProcessEngine: the process ended (exit, signal) with the
   * request in flight, or could not be started.
   */
  'TRANSPORT_ERROR',
  /**
   * HttpEngine and ProcessEngine: the engine's reply is not JSON, does not match the protocol,
   * or is larger than `maxReplyBytes` (default 16 MiB; reading stops at the cap).
   */
  'BAD_RESPONSE',
  /** Anything else: a bug in the engine. */
  'INTERNAL_ERROR',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

/** The refusal every role gets for an out-of-scope table: it names no table, on purpose. */
export const GENERIC_REFUSAL = 'You do not have access to the data needed to answer this question.';
