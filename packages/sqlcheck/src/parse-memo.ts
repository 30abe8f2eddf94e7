// The parsed trees of the SQL texts read last, shared by every diagnostic of a case run: one
// case run's normalised match, component F1, AST similarity, filter values, difficulty and
// error class each asked for the gold and the prediction again, about ten parses where two
// do (issue 17). A tree is frozen before it is shared, so no check can change what another
// reads (a write throws). Texts longer than MAX_TEXT are parsed each time, not held: a
// parsed tree is many times the size of its text.

/** Entries kept: a run's case runs in flight, each with its gold, prediction and alternatives. */
const MAX_ENTRIES = 512;
/** Longer texts are parsed each time, never kept. */
const MAX_TEXT = 64 * 1024;

export class ParseMemo<T> {
  private readonly entries = new Map<string, T>();

  constructor(
    private readonly maxEntries = MAX_ENTRIES,
    private readonly maxText = MAX_TEXT,
  ) {}

  /** The value for `text` under `dialect`, computed once while it stays among the recent. */
  get(dialect: string, text: string, compute: () => T): T {
    if (text.length > this.maxText) return compute();
    const key = `${dialect}\u0000${text}`;
    const held = this.entries.get(key);
    if (held !== undefined) {
      // most recently used last: Map keeps insertion order
      this.entries.delete(key);
      this.entries.set(key, held);
      return held;
    }
    const value = deepFreeze(compute());
    this.entries.set(key, value);
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
    return value;
  }

  get size(): number {
    return this.entries.size;
  }
}

/** Freezes a plain tree (objects and arrays) in place, and returns it. */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  return value;
}
