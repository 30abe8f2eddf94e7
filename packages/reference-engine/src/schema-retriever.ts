// The schema retriever: which tables, columns and joins the planner is shown for a question
// and a role. The role's scope is applied first: the index a role's question is ranked in is
// built from the tables and columns it may read, so a denied element can never be a candidate
// (and never shapes the ranking's statistics). Small scoped schemas (at most
// fullSnapshotMaxTables tables) go whole. Otherwise BM25 (plus cosine from an optional
// embedder) ranks the table entries and MMR picks up to kTables that match the question; the
// column and relationship entries of every readable table are ranked the same way and MMR
// picks up to kColumns that match. The tables of both picks are chosen, each sent whole (or,
// with tableColumns `matched`, with its picked columns only). Path completion (@nl2sql/schema-selection) then joins the chosen
// tables over the shortest approved relationships the role may read, adding bridge tables and
// key columns, and says so when it cannot: the state (`no_candidates`, `ambiguous_path`,
// `no_authorized_path`) goes to the planner with the schema instead of a guessed join.

import type { DatabaseSchema, ForeignKeySchema, TableSchema } from '@nl2sql/datasource';
import type { RetrievalRecord } from '@nl2sql/engine';
import { LlmError, type UsageRecord } from '@nl2sql/llm';
import {
  completeSelection,
  contextOf,
  type DeclaredRelationship,
  type RelationshipRegistry,
  type RoleScope,
  readsRelationship,
  relationshipRegistry,
  type SchemaSelection,
  type SelectionContext,
  scopeSchema,
  selectCandidates,
} from '@nl2sql/schema-selection';
import { Bm25 } from './bm25.js';
import { dot, type Embedder } from './embedder.js';
import { mmr } from './mmr.js';
import { type SchemaDescriptions, type SchemaEntry, schemaEntries } from './schema-index.js';
import { schemaTokens } from './schema-tokens.js';

export interface RetrieverOptions {
  descriptions?: SchemaDescriptions;
  embedder?: Embedder;
  /** Relationships declared by hand (approved or not), beside the introspected foreign keys. */
  relationships?: readonly DeclaredRelationship[];
  /** Table entries picked (those that match the question at all). Default 4. */
  kTables?: number;
  /** Column and relationship entries picked (those that match at all). Default 12. */
  kColumns?: number;
  /** Send the whole schema without a search when it has at most this many tables. Default 15. */
  fullSnapshotMaxTables?: number;
  /** MMR's relevance weight. Default 0.7. */
  mmrLambda?: number;
  /** Weight of the embedding cosine against normalised BM25 when an embedder is set. Default 0.5. */
  embeddingWeight?: number;
  /**
   * Which columns of a chosen table are sent: `all` (default) or `matched` (the column
   * entries picked, or the primary key of a table chosen for its name alone). Bridge tables
   * completion adds bring their key columns only, either way.
   */
  tableColumns?: 'all' | 'matched';
  /**
   * Join the chosen tables over the shortest approved paths, with bridge tables and key
   * columns. Default true; false sends the candidates only (spec 003's baseline).
   */
  pathCompletion?: boolean;
}

/** The settings a retriever reports (everything but the descriptions, embedder and declarations). */
export type RetrieverSettings = Required<
  Omit<RetrieverOptions, 'descriptions' | 'embedder' | 'relationships'>
>;

export const RETRIEVER_DEFAULTS: RetrieverSettings = {
  kTables: 4,
  kColumns: 12,
  fullSnapshotMaxTables: 15,
  mmrLambda: 0.7,
  embeddingWeight: 0.5,
  tableColumns: 'all',
  pathCompletion: true,
};

export interface Retrieval {
  record: RetrievalRecord;
  /** The tables and columns sent, with the foreign keys of the joins sent. */
  schema: DatabaseSchema;
  /** The selection: its state, the joins it sent and why (notes, problems). */
  selection: SchemaSelection;
  /**
   * The embedding calls this retrieval made: the question's, and the index's when this
   * retrieval was the one that built it (each role's index is embedded once, and billed once).
   */
  usage: UsageRecord[];
}

export interface RetrieveOptions {
  /** The role's read scope; omitted: the whole schema. */
  scope?: RoleScope;
  /** Overrides the retriever's fullSnapshotMaxTables for this call. */
  fullSnapshotMaxTables?: number;
  signal?: AbortSignal;
}

function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 0;
  let both = 0;
  for (const x of a) if (b.has(x)) both++;
  return both / (a.size + b.size - both);
}

/** One role's view: its scoped schema, its selection context and the index built from them. */
interface ScopedIndex {
  context: SelectionContext<TableSchema>;
  entries: SchemaEntry[];
  bm25: Bm25;
  tokenSets: Array<Set<string>>;
  vectors?: Promise<{ vectors: number[][]; usage: UsageRecord[] }>;
}

export class SchemaRetriever {
  readonly schema: DatabaseSchema;
  /** The whole schema's entries (what a role that reads everything is ranked in). */
  readonly entries: SchemaEntry[];
  readonly registry: RelationshipRegistry;
  readonly #descriptions: SchemaDescriptions | undefined;
  readonly #options: RetrieverSettings;
  readonly #embedder: Embedder | undefined;
  readonly #indexes = new Map<string, ScopedIndex>();

  constructor(schema: DatabaseSchema, options: RetrieverOptions = {}) {
    this.schema = schema;
    this.#descriptions = options.descriptions;
    this.entries = schemaEntries(schema, options.descriptions);
    this.#embedder = options.embedder;
    this.#options = {
      kTables: options.kTables ?? RETRIEVER_DEFAULTS.kTables,
      kColumns: options.kColumns ?? RETRIEVER_DEFAULTS.kColumns,
      fullSnapshotMaxTables:
        options.fullSnapshotMaxTables ?? RETRIEVER_DEFAULTS.fullSnapshotMaxTables,
      mmrLambda: options.mmrLambda ?? RETRIEVER_DEFAULTS.mmrLambda,
      embeddingWeight: options.embeddingWeight ?? RETRIEVER_DEFAULTS.embeddingWeight,
      tableColumns: options.tableColumns ?? RETRIEVER_DEFAULTS.tableColumns,
      pathCompletion: options.pathCompletion ?? RETRIEVER_DEFAULTS.pathCompletion,
    };
    // Declarations are checked now: a misspelt relationship fails at construction, not mid-run.
    this.registry = relationshipRegistry(schema, {
      ...(options.relationships ? { declared: options.relationships } : {}),
    });
  }

  /** The settings in force (a report records them so recall is compared like for like). */
  get settings(): Readonly<RetrieverSettings> {
    return this.#options;
  }

  /** The embedding model (`provider:model`), or null when the retriever does not embed. */
  get embedder(): string | null {
    return this.#embedder ? (this.#embedder.model ?? 'unknown') : null;
  }

  /** The index of one scope, built on first use. */
  #index(scope: RoleScope | undefined): ScopedIndex {
    const scoped = scopeSchema(this.schema, scope);
    const key = scoped.schema.tables
      .map((t) => `${t.name}(${t.columns.map((c) => c.name).join(',')})`)
      .join(';');
    let index = this.#indexes.get(key);
    if (!index) {
      const entries = schemaEntries({ tables: scoped.schema.tables }, this.#descriptions);
      index = {
        context: contextOf(scoped, this.registry),
        entries,
        bm25: new Bm25(entries.map((e) => e.tokens)),
        tokenSets: entries.map((e) => new Set(e.tokens)),
      };
      this.#indexes.set(key, index);
    }
    return index;
  }

  async retrieve(query: string, options: RetrieveOptions = {}): Promise<Retrieval> {
    const index = this.#index(options.scope);
    const { context } = index;
    const readable = context.scope.schema.tables;
    const limit = options.fullSnapshotMaxTables ?? this.#options.fullSnapshotMaxTables;
    if (readable.length <= limit) {
      // Everything the role may read, with every join it may use: no search, no completion.
      const selection = selectCandidates(
        {
          columns: readable.flatMap((t) => t.columns.map((c) => `${t.name}.${c.name}`)),
          tables: readable.map((t) => t.name),
          relationships: context.registry.approved
            .filter((r) => readsRelationship(context.scope, r))
            .map((r) => r.id),
        },
        context,
      );
      return this.#result(selection, true, []);
    }
    const usage: UsageRecord[] = [];
    const tokens = schemaTokens(query);
    let cosine: ((i: number) => number) | undefined;
    let similarity = (i: number, j: number) =>
      jaccard(index.tokenSets[i] ?? new Set(), index.tokenSets[j] ?? new Set());
    if (this.#embedder) {
      const vectors = await this.#vectorsOf(index, usage, options.signal);
      const question = await this.#embedder.embed([query], options.signal);
      usage.push(...question.usage);
      const qv = question.vectors[0] ?? [];
      cosine = (i) => Math.max(0, dot(qv, vectors[i] ?? []));
      similarity = (i, j) => Math.max(0, dot(vectors[i] ?? [], vectors[j] ?? []));
    }
    // Only entries that match the question are candidates: a question that matches nothing
    // the role may read selects nothing (`no_candidates`) rather than k arbitrary tables.
    const rank = (indices: number[], k: number): number[] => {
      const lexical = indices.map((i) => index.bm25.score(tokens, i));
      const top = Math.max(0, ...lexical);
      const w = cosine ? this.#options.embeddingWeight : 0;
      const relevance = indices.map(
        (i, n) => (1 - w) * (top > 0 ? (lexical[n] ?? 0) / top : 0) + (cosine ? w * cosine(i) : 0),
      );
      const candidates = indices.map((_, n) => n).filter((n) => (relevance[n] ?? 0) > 0);
      const picked = mmr(
        candidates.map((n) => relevance[n] ?? 0),
        (a, b) => similarity(indices[candidates[a] ?? 0] ?? 0, indices[candidates[b] ?? 0] ?? 0),
        { k, lambda: this.#options.mmrLambda },
      );
      return picked.map((p) => indices[candidates[p] ?? 0] ?? 0);
    };

    const tableIdx = index.entries.flatMap((e, i) => (e.kind === 'table' ? [i] : []));
    const columnIdx = index.entries.flatMap((e, i) => (e.kind === 'table' ? [] : [i]));
    const tables = new Set(
      rank(tableIdx, this.#options.kTables).flatMap((i) => index.entries[i]?.tables ?? []),
    );
    const columns = new Set<string>();
    // A picked relationship names both of its tables and is a join the question points at:
    // its key columns count as picked, and completion is given the join itself.
    const relationships = new Set<string>();
    for (const i of rank(columnIdx, this.#options.kColumns)) {
      const entry = index.entries[i];
      if (entry?.relationship) relationships.add(entry.relationship);
      for (const key of entry?.columns ?? []) columns.add(key);
    }
    // The columns of the chosen tables: every column (`all`: a table worth sending is sent
    // whole, so the planner sees the measures and dates a question names in other words), or
    // the picked ones, with the primary key for a table chosen for its name alone.
    const picked = new Set([...columns].map((key) => key.slice(0, key.indexOf('.'))));
    for (const table of readable) {
      if (!tables.has(table.name) && !picked.has(table.name)) continue;
      tables.add(table.name);
      if (this.#options.tableColumns === 'all') {
        for (const c of table.columns) columns.add(`${table.name}.${c.name}`);
      } else if (!picked.has(table.name)) {
        const pk = table.primaryKey ?? table.columns.filter((c) => c.primaryKey).map((c) => c.name);
        for (const column of pk) columns.add(`${table.name}.${column}`);
      }
    }
    const candidates = {
      tables: [...tables],
      columns: [...columns],
      relationships: [...relationships],
    };
    const selection = this.#options.pathCompletion
      ? completeSelection(candidates, context)
      : selectCandidates(candidates, context);
    return this.#result(selection, false, usage);
  }

  /** The embeddings of a scope's entries, built once per scope and billed to the retrieval that built them. */
  async #vectorsOf(
    index: ScopedIndex,
    usage: UsageRecord[],
    signal: AbortSignal | undefined,
  ): Promise<number[][]> {
    const embedder = this.#embedder as Embedder;
    const building = index.vectors === undefined;
    index.vectors ??= embedder.embed(
      index.entries.map((e) => e.text),
      signal,
    );
    const pending = index.vectors;
    try {
      const built = await pending;
      if (building) usage.push(...built.usage);
      return built.vectors;
    } catch (error) {
      if (index.vectors === pending) index.vectors = undefined; // the next call tries again
      // The calls a failed index build made are billed to the retrieval that started it;
      // one that merely waited on the same build gets the error without them.
      if (!building && error instanceof LlmError && error.usage.length > 0) {
        throw new LlmError(error.code, error.message, {
          ...(error.provider ? { provider: error.provider } : {}),
          ...(error.model ? { model: error.model } : {}),
          ...(error.node ? { node: error.node } : {}),
          cause: error,
        });
      }
      throw error;
    }
  }

  #result(selection: SchemaSelection, full: boolean, usage: UsageRecord[]): Retrieval {
    const sentColumns = new Set(selection.columns);
    const sentTables = new Set(selection.tables);
    const joins = selection.relationships.map((id) => this.registry.get(id));
    const tables: TableSchema[] = [];
    for (const table of this.schema.tables) {
      if (!sentTables.has(table.name)) continue;
      // The joins sent, written as foreign keys of their referencing table (a declared join
      // reaches the planner the same way). A foreign key from a table to itself
      // (Employee.ReportsTo) is never a path, but is shown when its columns are sent.
      const foreignKeys: ForeignKeySchema[] = joins
        .filter((r) => r.from.table === table.name && r.to.table !== table.name)
        .map((r) => ({
          columns: [...r.from.columns],
          referencedTable: r.to.table,
          referencedColumns: [...r.to.columns],
        }));
      for (const fk of table.foreignKeys ?? []) {
        if (fk.referencedTable !== table.name) continue;
        const keys = [...fk.columns, ...fk.referencedColumns].map((c) => `${table.name}.${c}`);
        if (keys.every((k) => sentColumns.has(k))) foreignKeys.push(fk);
      }
      tables.push({
        ...table,
        columns: table.columns.filter((c) => sentColumns.has(`${table.name}.${c.name}`)),
        foreignKeys,
      });
    }
    return {
      record: {
        tables_sent: tables.map((t) => t.name),
        columns_sent: tables.flatMap((t) => t.columns.map((c) => `${t.name}.${c.name}`)),
        full_snapshot: full,
        relationships_sent: [...selection.relationships],
        selection_status: selection.status,
        selection_notes: [...selection.notes],
      },
      schema: { tables },
      selection,
      usage,
    };
  }
}
