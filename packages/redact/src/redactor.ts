// Masks secrets in text before it is stored or printed. Two layers: the values a program
// knows are secret (API keys it resolved, a password it was given), in every form they can
// take on the way out (as is, URL-encoded, JSON-escaped, base64 as in a Basic header), and
// the shapes in SECRET_PATTERNS for credentials nobody told it about (a provider echoing
// some other key, a key in an environment dump).

import { MASK, maskSecretPatterns } from './secret-patterns.js';

/**
 * A secret as callers hold it: the value, or an object that reveals it (@nl2sql/llm's
 * `Secret`). Empty and missing values are ignored.
 */
export type SecretValue = string | { reveal(): string } | null | undefined;

/**
 * Values shorter than this are not masked: a three-letter "secret" would be found inside
 * ordinary words and mangle every message, and no real key is that short.
 */
export const MIN_SECRET_LENGTH = 4;

export interface RedactorOptions {
  /** Also mask credential shapes (SECRET_PATTERNS), not just the known values. Default true. */
  patterns?: boolean;
}

function revealed(secret: SecretValue): string | undefined {
  if (secret === null || secret === undefined) return undefined;
  return typeof secret === 'string' ? secret : secret.reveal();
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}

/** Every spelling of a value that can reach a message: raw, URL-encoded, JSON, base64. */
function formsOf(value: string): string[] {
  const base64 = Buffer.from(value, 'utf8').toString('base64');
  const bare = base64.replace(/=+$/, '');
  // Padded and bare, so the padding goes with the value when it is there.
  const forms = [
    value,
    encodeURIComponent(value),
    JSON.stringify(value).slice(1, -1),
    base64,
    bare,
    bare.replace(/\+/g, '-').replace(/\//g, '_'),
  ];
  return forms.filter((form) => form.length >= MIN_SECRET_LENGTH);
}

export class Redactor {
  readonly #values = new Set<string>();
  readonly #patterns: boolean;
  #matcher: RegExp | undefined;

  constructor(secrets: Iterable<SecretValue> = [], options: RedactorOptions = {}) {
    this.#patterns = options.patterns ?? true;
    this.add(...secrets);
  }

  /** Add secret values (ignored when empty or shorter than MIN_SECRET_LENGTH). */
  add(...secrets: SecretValue[]): this {
    for (const secret of secrets) {
      const value = revealed(secret);
      if (value === undefined || value.length < MIN_SECRET_LENGTH || this.#values.has(value)) {
        continue;
      }
      this.#values.add(value);
      this.#matcher = undefined;
    }
    return this;
  }

  /** How many secret values are known. */
  get size(): number {
    return this.#values.size;
  }

  /** A redactor with this one's values and patterns plus more values. */
  with(...secrets: SecretValue[]): Redactor {
    return new Redactor(this.#values, { patterns: this.#patterns }).add(...secrets);
  }

  /** The text with every known secret value and every credential shape replaced by MASK. */
  redact(text: string): string {
    let out = text;
    if (this.#values.size > 0) {
      if (!this.#matcher) {
        const forms = new Set<string>();
        for (const value of this.#values) for (const form of formsOf(value)) forms.add(form);
        // Longest first, so a secret that contains another is masked whole.
        const ordered = [...forms].sort((a, b) => b.length - a.length).map(escapeRegExp);
        this.#matcher = new RegExp(ordered.join('|'), 'g');
      }
      out = out.replace(this.#matcher, MASK);
    }
    return this.#patterns ? maskSecretPatterns(out) : out;
  }

  /**
   * A JSON-shaped value (a record, a journal entry, an error's fields) with every string in
   * it redacted; keys are kept. Other values (numbers, booleans, class instances) are
   * returned as they are.
   */
  redactValue<T>(value: T): T {
    return this.#walk(value, new WeakMap()) as T;
  }

  #walk(value: unknown, seen: WeakMap<object, unknown>): unknown {
    if (typeof value === 'string') return this.redact(value);
    if (typeof value !== 'object' || value === null) return value;
    const done = seen.get(value);
    if (done !== undefined) return done;
    if (Array.isArray(value)) {
      const out: unknown[] = [];
      seen.set(value, out);
      for (const item of value) out.push(this.#walk(item, seen));
      return out;
    }
    const proto = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null) return value;
    const out: Record<string, unknown> = {};
    seen.set(value, out);
    // An own key named `__proto__` (JSON can hold one) is defined, not assigned: assigned, it
    // would set the copy's prototype instead and vanish from what is written.
    for (const [key, item] of Object.entries(value)) {
      const walked = this.#walk(item, seen);
      if (key !== '__proto__') out[key] = walked;
      else
        Object.defineProperty(out, key, {
          value: walked,
          enumerable: true,
          writable: true,
          configurable: true,
        });
    }
    return out;
  }
}

/** `text` with `secrets` (and every credential shape) masked: a one-off Redactor. */
export function redact(text: string, secrets: Iterable<SecretValue> = []): string {
  return new Redactor(secrets).redact(text);
}
