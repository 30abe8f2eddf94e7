// An EngineError from an outbound HTTP call (HttpEngine, the embeddings client) that also
// says whether the retry policy may try again, and with what wait the server asked for.
// Internal: callers see an EngineError; the flags only steer @nl2sql/retry.

import { EngineError } from './engine-error.js';
import type { ErrorCode } from './error-codes.js';

export class TransportFailure extends EngineError {
  /** Whether another attempt is safe and could succeed. */
  readonly retryable: boolean;
  /** The server's Retry-After, in ms. */
  readonly retryAfterMs: number | undefined;
  /** The HTTP status, when the server answered. */
  readonly status: number | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    options: { retryable?: boolean; retryAfterMs?: number; status?: number; cause?: unknown } = {},
  ) {
    super(code, message, options.cause === undefined ? {} : { cause: options.cause });
    this.retryable = options.retryable ?? false;
    this.retryAfterMs = options.retryAfterMs;
    this.status = options.status;
  }
}

/** Error codes of a connection that failed before any reply: safe to send the request again. */
const BEFORE_REPLY = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ECONNABORTED',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
]);

/** Whether a failed request (undici rejected before any status arrived) may be sent again. */
export function failedBeforeReply(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 4) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && BEFORE_REPLY.has(code)) return true;
  // Node reports every address it tried (::1, 127.0.0.1) in one AggregateError.
  if (
    error instanceof AggregateError &&
    error.errors.some((e) => failedBeforeReply(e, depth + 1))
  ) {
    return true;
  }
  return failedBeforeReply(error.cause, depth + 1);
}
