// One exception type for every way an LLM call can fail, so a caller (the engine's nodes,
// the runner) switches on `code` instead of parsing messages or undici internals.

import { isRetryableStatus } from '@nl2sql/retry';
import type { UsageRecord } from './usage.js';

export type LlmErrorCode =
  | 'TIMEOUT'
  | 'CANCELLED'
  | 'HTTP_STATUS'
  | 'INVALID_OUTPUT'
  | 'NETWORK'
  | 'AUTH'
  | 'BAD_RESPONSE';

export interface LlmErrorDetails {
  /** The provider the call went to (openai, anthropic, ...). */
  provider?: string;
  /** The configured model. */
  model?: string;
  /** The node that made the call. */
  node?: string;
  /** HTTP status, for HTTP_STATUS and AUTH. */
  status?: number;
  /** How many HTTP attempts were made before giving up. */
  attempts?: number;
  /** Schema validation messages, for INVALID_OUTPUT. */
  validationErrors?: string[];
  /** How long the server asked to wait (Retry-After), for HTTP_STATUS. */
  retryAfterMs?: number;
  /** The underlying error. */
  cause?: unknown;
}

export class LlmError extends Error {
  override readonly name = 'LlmError';
  readonly code: LlmErrorCode;
  readonly provider?: string;
  readonly model?: string;
  readonly node?: string;
  readonly status?: number;
  /** Set by the client when it gives up, so the count includes every retry. */
  attempts?: number;
  readonly validationErrors?: string[];
  readonly retryAfterMs?: number;
  /**
   * Usage of the calls that did get an answer before the failure (an invalid answer and its
   * correction, say): they were billed, so the cost cap must count them.
   */
  usage: UsageRecord[] = [];

  constructor(code: LlmErrorCode, message: string, details: LlmErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.code = code;
    this.provider = details.provider;
    this.model = details.model;
    this.node = details.node;
    this.status = details.status;
    this.attempts = details.attempts;
    this.validationErrors = details.validationErrors;
    this.retryAfterMs = details.retryAfterMs;
  }

  /** Whether another attempt could succeed (rate limits, server errors, dropped connections). */
  get retryable(): boolean {
    if (this.code === 'NETWORK' || this.code === 'TIMEOUT' || this.code === 'BAD_RESPONSE') {
      return true;
    }
    return (
      this.code === 'HTTP_STATUS' && this.status !== undefined && isRetryableStatus(this.status)
    );
  }
}
