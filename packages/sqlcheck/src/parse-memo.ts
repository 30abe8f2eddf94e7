// The parsed trees of the SQL texts read last, shared by every diagnostic of a case run: one
// case run's normalised match, component F1, AST similarity, filter values, difficulty and
// error class each asked for the gold and the prediction again, about ten parses where two
// do (issue 17). A tree is frozen before it is shared, so no check can change what another
// reads (a write throws). What is derived from a kept tree (its canonical forms, its clause
// items) is kept beside it and dropped with it.
//
// The memo is for the readers of one case run, not a cache across a run: a caller that is
// done (diagnoseCase) forgets its texts, and few are kept. A tree kept longer outlives the
// young generation's collections and becomes old-space garbage: keeping 512 trees, or their
// derived values in a WeakMap (whose entries the young collections do not drop), raised a
// 10,000-case run's peak RSS by 100-250 MB. Texts longer than MAX_TEXT are parsed each time.

/** Entries kept: the case runs diagnosed at once, each with gold, prediction, alternatives. */
const MAX_ENTRIES = 64;
/** Longer texts are parsed each time, never kept. */
const MAX_TEXT = 64 * 1024;

export class ParseMemo<T> {
  private readonly entries = new Map<string, T>();
  /** Values derived from each kept entry's tree, by the tree, then by the deriver's key. */
  private readonly derivedOf = new Map<object, Map<string, unknown>>();

  constructor(
    private readonly maxEntries = MAX_ENTRIES,
    private readonly maxText = MAX_TEXT,
    /** The tree inside a value that derived values hang on, if any. */
    private readonly treeOf: (value: T) => unknown = () => undefined,
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
    const tree = this.treeOf(value);
    if (typeof tree === 'object' && tree !== null) this.derivedOf.set(tree, new Map());
    if (this.entries.size > this.maxEntries) this.drop(this.entries.keys().next().value as string);
    return value;
  }

  /**
   * A value derived from `tree` under `key`, computed once while the entry holding the tree is
   * kept; computed each time for a tree the memo does not hold.
   */
  derived<V>(tree: unknown, key: string, compute: () => V): V {
    const byKey = typeof tree === 'object' && tree !== null ? this.derivedOf.get(tree) : undefined;
    if (byKey === undefined) return compute();
    if (byKey.has(key)) return byKey.get(key) as V;
    const value = compute();
    byKey.set(key, value);
    return value;
  }

  /** Drops `text`: its reader is done with it. */
  forget(dialect: string, text: string): void {
    this.drop(`${dialect}\u0000${text}`);
  }

  get size(): number {
    return this.entries.size;
  }

  private drop(key: string): void {
    const value = this.entries.get(key);
    if (value === undefined) return;
    this.entries.delete(key);
    const tree = this.treeOf(value);
    if (typeof tree === 'object' && tree !== null) this.derivedOf.delete(tree);
  }
}

/** Freezes a plain tree (objects and arrays) in place, and returns it. */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  return value;
}
