// The schema retriever: which tables and columns the planner is shown. Small schemas (at most
// fullSnapshotMaxTables tables) go whole. Otherwise BM25 (plus cosine from an optional
// embedder) ranks table entries and MMR picks k = 8; then the column and relationship entries
// of those tables are ranked and MMR picks up to k = 12 that match the query at all. A table
// with picked entries is sent with just those columns; one without any, with all of them.

import type { DatabaseSchema, TableSchema } from '@nl2sql/datasource';
import type { RetrievalRecord } from '@nl2sql/engine';
import { LlmError, type UsageRecord } from '@nl2sql/llm';
import { Bm25 } from './bm25.js';
import { dot, type Embedder } from './embedder.js';
import { mmr } from './mmr.js';
import { type SchemaDescriptions, type SchemaEntry, schemaEntries } from './schema-index.js';
import { schemaTokens } from './schema-tokens.js';

export interface RetrieverOptions {
  descriptions?: SchemaDescriptions;
  embedder?: Embedder;
  /** Table entries picked. Default 8. */
  kTables?: number;
  /** Column and relationship entries picked. Default 12. */
  kColumns?: number;
  /** Send the whole schema without a search when it has at most this many tables. Default 15. */
  fullSnapshotMaxTables?: number;
  /** MMR's relevance weight. Default 0.7. */
  mmrLambda?: number;
  /** Weight of the embedding cosine against normalised BM25 when an embedder is set. Default 0.5. */
  embeddingWeight?: number;
}

export const RETRIEVER_DEFAULTS = {
  kTables: 8,
  kColumns: 12,
  fullSnapshotMaxTables: 15,
  mmrLambda: 0.7,
  embeddingWeight: 0.5,
} as const;

export interface Retrieval {
  record: RetrievalRecord;
  /** The tables and columns sent, foreign keys kept where both ends were sent. */
  schema: DatabaseSchema;
  /**
   * The embedding calls this retrieval made: the question's, and the index's when this
   * retrieval was the one that built it (the index is embedded once, and billed once).
   */
  usage: UsageRecord[];
}

function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 0;
  let both = 0;
  for (const x of a) if (b.has(x)) both++;
  return both / (a.size + b.size - both);
}

export class SchemaRetriever {
  readonly schema: DatabaseSchema;
  readonly entries: SchemaEntry[];
  readonly #options: Required<Omit<RetrieverOptions, 'descriptions' | 'embedder'>>;
  readonly #embedder: Embedder | undefined;
  readonly #bm25: Bm25;
  readonly #tokenSets: Array<Set<string>>;
  #vectors: Promise<{ vectors: number[][]; usage: UsageRecord[] }> | undefined;

  constructor(schema: DatabaseSchema, options: RetrieverOptions = {}) {
    this.schema = schema;
    this.entries = schemaEntries(schema, options.descriptions);
    this.#embedder = options.embedder;
    this.#options = {
      kTables: options.kTables ?? RETRIEVER_DEFAULTS.kTables,
      kColumns: options.kColumns ?? RETRIEVER_DEFAULTS.kColumns,
      fullSnapshotMaxTables:
        options.fullSnapshotMaxTables ?? RETRIEVER_DEFAULTS.fullSnapshotMaxTables,
      mmrLambda: options.mmrLambda ?? RETRIEVER_DEFAULTS.mmrLambda,
      embeddingWeight: options.embeddingWeight ?? RETRIEVER_DEFAULTS.embeddingWeight,
    };
    this.#bm25 = new Bm25(this.entries.map((e) => e.tokens));
    this.#tokenSets = this.entries.map((e) => new Set(e.tokens));
  }

  /** The settings in force (a report records them so recall is compared like for like). */
  get settings(): Readonly<Required<Omit<RetrieverOptions, 'descriptions' | 'embedder'>>> {
    return this.#options;
  }

  /** The embedding model (`provider:model`), or null when the retriever does not embed. */
  get embedder(): string | null {
    return this.#embedder ? (this.#embedder.model ?? 'unknown') : null;
  }

  async retrieve(
    query: string,
    options: { fullSnapshotMaxTables?: number; signal?: AbortSignal } = {},
  ): Promise<Retrieval> {
    const limit = options.fullSnapshotMaxTables ?? this.#options.fullSnapshotMaxTables;
    if (this.schema.tables.length <= limit) {
      return this.#result(new Map(this.schema.tables.map((t) => [t.name, undefined])), true, []);
    }
    const usage: UsageRecord[] = [];
    const tokens = schemaTokens(query);
    let cosine: ((i: number) => number) | undefined;
    let similarity = (i: number, j: number) =>
      jaccard(this.#tokenSets[i] ?? new Set(), this.#tokenSets[j] ?? new Set());
    if (this.#embedder) {
      const building = this.#vectors === undefined;
      this.#vectors ??= this.#embedder.embed(
        this.entries.map((e) => e.text),
        options.signal,
      );
      const pending = this.#vectors;
      let vectors: number[][];
      try {
        const index = await pending;
        vectors = index.vectors;
        if (building) usage.push(...index.usage);
      } catch (error) {
        if (this.#vectors === pending) this.#vectors = undefined; // the next call tries again
        // The calls a failed index build made are billed to the retrieval that started it;
        // one that merely waited on the same build gets the error without them.
        if (!building && error instanceof LlmError && error.usage.length > 0) {
          const copy = new LlmError(error.code, error.message, {
            ...(error.provider ? { provider: error.provider } : {}),
            ...(error.model ? { model: error.model } : {}),
            ...(error.node ? { node: error.node } : {}),
            cause: error,
          });
          throw copy;
        }
        throw error;
      }
      const question = await this.#embedder.embed([query], options.signal);
      usage.push(...question.usage);
      const qv = question.vectors[0] ?? [];
      cosine = (i) => Math.max(0, dot(qv, vectors[i] ?? []));
      similarity = (i, j) => Math.max(0, dot(vectors[i] ?? [], vectors[j] ?? []));
    }
    const rank = (indices: number[], k: number, matchOnly: boolean): number[] => {
      const lexical = indices.map((i) => this.#bm25.score(tokens, i));
      const top = Math.max(0, ...lexical);
      const w = cosine ? this.#options.embeddingWeight : 0;
      const relevance = indices.map(
        (i, n) => (1 - w) * (top > 0 ? (lexical[n] ?? 0) / top : 0) + (cosine ? w * cosine(i) : 0),
      );
      const candidates = matchOnly
        ? indices.map((_, n) => n).filter((n) => (relevance[n] ?? 0) > 0)
        : indices.map((_, n) => n);
      const picked = mmr(
        candidates.map((n) => relevance[n] ?? 0),
        (a, b) => similarity(indices[candidates[a] ?? 0] ?? 0, indices[candidates[b] ?? 0] ?? 0),
        { k, lambda: this.#options.mmrLambda },
      );
      return picked.map((p) => indices[candidates[p] ?? 0] ?? 0);
    };

    const tableIdx = this.entries.flatMap((e, i) => (e.kind === 'table' ? [i] : []));
    const tables = new Set(
      rank(tableIdx, this.#options.kTables, false).flatMap((i) => this.entries[i]?.tables ?? []),
    );
    const columnIdx = this.entries.flatMap((e, i) =>
      e.kind !== 'table' && e.tables.every((t) => tables.has(t)) ? [i] : [],
    );
    const sent = new Map<string, Set<string> | undefined>([...tables].map((t) => [t, undefined]));
    for (const i of rank(columnIdx, this.#options.kColumns, true)) {
      for (const key of this.entries[i]?.columns ?? []) {
        const dotAt = key.indexOf('.');
        const table = key.slice(0, dotAt);
        let set = sent.get(table);
        if (!set) {
          set = new Set();
          sent.set(table, set);
        }
        set.add(key.slice(dotAt + 1));
      }
    }
    return this.#result(sent, false, usage);
  }

  #result(
    sent: Map<string, Set<string> | undefined>,
    full: boolean,
    usage: UsageRecord[],
  ): Retrieval {
    const tables: TableSchema[] = [];
    for (const table of this.schema.tables) {
      if (!sent.has(table.name)) continue;
      const only = sent.get(table.name);
      tables.push({
        ...table,
        columns: only ? table.columns.filter((c) => only.has(c.name)) : table.columns,
        foreignKeys: (table.foreignKeys ?? []).filter((fk) => sent.has(fk.referencedTable)),
      });
    }
    return {
      record: {
        tables_sent: tables.map((t) => t.name),
        columns_sent: tables.flatMap((t) => t.columns.map((c) => `${t.name}.${c.name}`)),
        full_snapshot: full,
      },
      schema: { tables },
      usage,
    };
  }
}
