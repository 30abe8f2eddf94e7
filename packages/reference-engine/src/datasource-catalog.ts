// The datasources an engine was built with, each introspected once, on first use, into what
// the pipeline needs: its schema, fingerprint (the plan cache's key), SQL dialect and
// retriever index. A failed introspection is not kept, so the next ask tries again.

import type { DatabaseSchema } from '@nl2sql/datasource';
import { EngineError } from '@nl2sql/engine';
import type { Dialect } from '@nl2sql/plan';
import { planDialect } from './generator.js';
import type { EngineDatasource, ReferenceEngineOptions } from './reference-engine-options.js';
import { SchemaRetriever } from './schema-retriever.js';

/** A datasource ready for asks. */
export interface PreparedDatasource {
  entry: EngineDatasource;
  schema: DatabaseSchema;
  fingerprint: string;
  dialect: Dialect;
  retriever: SchemaRetriever;
}

export class DatasourceCatalog {
  readonly #entries = new Map<string, EngineDatasource>();
  readonly #prepared = new Map<string, Promise<PreparedDatasource>>();
  readonly #retrieval: ReferenceEngineOptions['retrieval'];

  /** Throws EngineError INVALID_REQUEST when an id is registered twice. */
  constructor(
    datasources: readonly EngineDatasource[],
    retrieval: ReferenceEngineOptions['retrieval'],
  ) {
    for (const entry of datasources) {
      if (this.#entries.has(entry.id)) {
        throw new EngineError('INVALID_REQUEST', `datasource id "${entry.id}" is registered twice`);
      }
      this.#entries.set(entry.id, entry);
    }
    this.#retrieval = retrieval;
  }

  /** The ids, in the order they were given. */
  get ids(): string[] {
    return [...this.#entries.keys()];
  }

  get size(): number {
    return this.#entries.size;
  }

  has(id: string): boolean {
    return this.#entries.has(id);
  }

  /** Introspect a datasource once and build its retriever index; UNKNOWN_DATASOURCE if none. */
  prepare(id: string): Promise<PreparedDatasource> {
    let prepared = this.#prepared.get(id);
    if (!prepared) {
      const entry = this.#entries.get(id);
      if (!entry) {
        return Promise.reject(new EngineError('UNKNOWN_DATASOURCE', `unknown datasource "${id}"`));
      }
      prepared = (async () => {
        const schema = await entry.datasource.introspect({ rowCounts: false });
        return {
          entry,
          schema,
          fingerprint: await entry.datasource.fingerprint(),
          dialect: planDialect(entry.datasource.engine),
          retriever: new SchemaRetriever(schema, {
            ...this.#retrieval,
            ...(entry.descriptions ? { descriptions: entry.descriptions } : {}),
            ...(entry.relationships ? { relationships: entry.relationships } : {}),
          }),
        };
      })();
      // A failed introspection is retried on the next ask instead of being cached.
      prepared.catch(() => this.#prepared.delete(id));
      this.#prepared.set(id, prepared);
    }
    return prepared;
  }

  /** Close every datasource. */
  async close(): Promise<void> {
    await Promise.all([...this.#entries.values()].map((e) => e.datasource.close()));
  }
}
