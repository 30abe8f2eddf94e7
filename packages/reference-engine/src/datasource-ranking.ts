// Which registered datasource a question is about, without an LLM. The resolver is an LLM
// call, so mode retrieval (no key, no cost) skips it (spec 000, "Retrieval recall"); what
// `retrieve` reports instead is this lexical ranking, which the routing scorer reads: each
// datasource scored by how many of the question's search words (schemaTokens) its schema
// index holds, in its table and column names and descriptions. Ties keep the order the
// datasources were registered in.

import type { SchemaEntry } from './schema-index.js';
import { schemaTokens } from './schema-tokens.js';

export interface RankedIndex {
  readonly id: string;
  readonly entries: readonly SchemaEntry[];
}

/** The ids of `indexes`, best match for `question` first. */
export function rankDatasources(question: string, indexes: readonly RankedIndex[]): string[] {
  const words = new Set(schemaTokens(question));
  const scored = indexes.map(({ id, entries }, order) => {
    const vocabulary = new Set(entries.flatMap((e) => e.tokens));
    let found = 0;
    for (const word of words) if (vocabulary.has(word)) found++;
    return { id, found, order };
  });
  scored.sort((a, b) => b.found - a.found || a.order - b.order);
  return scored.map((s) => s.id);
}
