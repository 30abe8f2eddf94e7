// A typed failure of an engine, with a protocol error code. An engine's nodes throw it and its
// `ask` turns it into the response's `error` value, so callers of the Engine protocol never
// see an exception from an ask; `HttpEngine.retrieve` throws it.

import type { ErrorCode } from './error-codes.js';

export class EngineError extends Error {
  override readonly name: string = 'EngineError';
  readonly code: ErrorCode;
  /** The node that failed (resolver, planner, executor ...), when one did. */
  readonly node: string | undefined;

  constructor(code: ErrorCode, message: string, options: { node?: string; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.node = options.node;
  }
}
