// Okapi BM25 over a fixed set of documents (the schema entries of one datasource). Scores are
// computed for a subset on demand, because the retriever's second pass ranks only the column
// entries of the tables the first pass picked, with statistics from the whole index.

export interface Bm25Options {
  /** Term-frequency saturation. Default 1.2. */
  k1?: number;
  /** Length normalisation. Default 0.75. */
  b?: number;
}

export class Bm25 {
  readonly #docs: Array<Map<string, number>>;
  readonly #lengths: number[];
  readonly #df = new Map<string, number>();
  readonly #avgLength: number;
  readonly #k1: number;
  readonly #b: number;

  constructor(documents: readonly (readonly string[])[], options: Bm25Options = {}) {
    this.#k1 = options.k1 ?? 1.2;
    this.#b = options.b ?? 0.75;
    this.#docs = documents.map((tokens) => {
      const tf = new Map<string, number>();
      for (const t of tokens) tf.set(t, (tf.get(t) ?? 0) + 1);
      for (const t of tf.keys()) this.#df.set(t, (this.#df.get(t) ?? 0) + 1);
      return tf;
    });
    this.#lengths = documents.map((d) => d.length);
    const total = this.#lengths.reduce((a, b) => a + b, 0);
    this.#avgLength = documents.length === 0 ? 0 : total / documents.length;
  }

  get size(): number {
    return this.#docs.length;
  }

  /** BM25 score of document `index` for the query tokens (0 when none match). */
  score(query: readonly string[], index: number): number {
    const tf = this.#docs[index];
    if (!tf) throw new RangeError(`BM25 has no document ${index} (size ${this.#docs.length})`);
    const n = this.#docs.length;
    const length = this.#lengths[index] ?? 0;
    const norm = this.#avgLength === 0 ? 1 : length / this.#avgLength;
    let total = 0;
    for (const term of new Set(query)) {
      const f = tf.get(term);
      if (!f) continue;
      const df = this.#df.get(term) ?? 0;
      // The +1 inside the log keeps idf positive for terms in more than half the documents.
      const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
      total += (idf * (f * (this.#k1 + 1))) / (f + this.#k1 * (1 - this.#b + this.#b * norm));
    }
    return total;
  }
}
