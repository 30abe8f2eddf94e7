// An API key wrapped so that it cannot leak by accident: printing, string interpolation,
// JSON.stringify and util.inspect all show a placeholder. Only `reveal()` gives the value,
// and only the HTTP transport calls it, to build the auth header.

import { inspect } from 'node:util';
import { MASK } from '@nl2sql/redact';

/** What a Secret prints as: @nl2sql/redact's MASK, so a masked key reads the same everywhere. */
export const REDACTED = MASK;

export class Secret {
  readonly #value: string;

  constructor(value: string) {
    this.#value = value;
  }

  /** The key itself: for request headers only. */
  reveal(): string {
    return this.#value;
  }

  toString(): string {
    return REDACTED;
  }

  toJSON(): string {
    return REDACTED;
  }

  [inspect.custom](): string {
    return REDACTED;
  }
}
