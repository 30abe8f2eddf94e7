// The parts of case results that repeat from one case run to the next, held once. A run
// holds every case result until its report is written, and most of a result is the same
// for thousands of case runs: the scorers' verdicts and details (every passing case's
// `outcome` and `result_match` read alike, `sql_checks` differs only by the violation),
// zero token counts, no error. Kept once each, a 10,000-case run holds a few hundred of
// them instead of 10,000 copies (decisions/runner-memory.md).

/** Distinct parts remembered (least recently used forgotten first): a few MB at most. */
export const SHARED_PARTS_CAPACITY = 1024;
/** A part whose JSON is longer than this is kept as it is: large parts seldom repeat. */
export const SHARED_PART_MAX_CHARS = 4096;

const isPlainObject = (value: object): boolean => {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

/**
 * Data that JSON writes and reads back exactly: plain objects and arrays of text, finite
 * numbers (not -0), booleans and null. Only such parts are shared, so that two parts with
 * the same JSON are equal in every way (NaN and null, or an undefined field and none, are not).
 */
function isPlainData(value: unknown, depth = 0): boolean {
  if (value === null) return true;
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(value) && !Object.is(value, -0);
    case 'object': {
      if (depth > 32) return false;
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) {
          if (!(i in value) || !isPlainData(value[i], depth + 1)) return false;
        }
        return true;
      }
      if (!isPlainObject(value)) return false;
      for (const key in value) {
        if (!Object.hasOwn(value, key)) return false;
        if (!isPlainData((value as Record<string, unknown>)[key], depth + 1)) return false;
      }
      return Object.getOwnPropertySymbols(value).length === 0;
    }
    default:
      return false;
  }
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const part of Object.values(value)) deepFreeze(part);
  }
  return value;
}

/**
 * Equal parts as one frozen value. `share(part)` gives back an equal part: the one
 * remembered when an equal one was shared before, else `part` itself, frozen and
 * remembered. At most `capacity` parts are remembered; a part that is not plain data (see
 * isPlainData) or is larger than SHARED_PART_MAX_CHARS is given back as it is, unfrozen.
 */
export class SharedParts {
  readonly #parts = new Map<string, unknown>();
  readonly capacity: number;

  constructor(capacity: number = SHARED_PARTS_CAPACITY) {
    if (!Number.isInteger(capacity) || capacity < 1) {
      throw new RangeError(`the capacity must be a positive integer, not ${capacity}`);
    }
    this.capacity = capacity;
  }

  /** Parts remembered now (never above `capacity`). */
  get size(): number {
    return this.#parts.size;
  }

  share<T>(part: T): T {
    if (typeof part !== 'object' || part === null || !isPlainData(part)) return part;
    const key = JSON.stringify(part);
    if (key.length > SHARED_PART_MAX_CHARS) return part;
    const known = this.#parts.get(key);
    if (known !== undefined) {
      // Most recently used last: the Map's order is the eviction order.
      this.#parts.delete(key);
      this.#parts.set(key, known);
      return known as T;
    }
    if (this.#parts.size >= this.capacity) {
      const oldest = this.#parts.keys().next().value as string;
      this.#parts.delete(oldest);
    }
    this.#parts.set(key, deepFreeze(part));
    return part;
  }
}
