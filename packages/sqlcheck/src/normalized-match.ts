// 001 §4.1 normalised exact match: 1 when the predicted query's canonical form equals a
// gold query's (see canonical.ts for what is canonicalised). A diagnostic: a match is
// almost certainly right, a mismatch says little.
import { canonicalForms } from './canonical.js';
import type { SqlDialect } from './dialect.js';
import { toDialect } from './dialect.js';
import { loadSdk } from './load.js';
import { parseOneQuery } from './query-parse.js';

export interface NormalizedMatch {
  match: boolean;
  /** Index of the first gold query that matched, or null. */
  goldIndex: number | null;
  /** Why a side could not be compared (it is not one query), if so. */
  error?: string;
}

export async function normalizedMatch(
  predicted: string,
  gold: string | readonly string[],
  dialect: SqlDialect | string,
): Promise<NormalizedMatch> {
  const d = toDialect(dialect);
  const sdk = await loadSdk();
  const pred = parseOneQuery(sdk, predicted, d);
  if (!pred.ok) return { match: false, goldIndex: null, error: `predicted: ${pred.reason}` };
  // computed for the first gold whose text is not the prediction's own
  let predForms: Set<string> | undefined;
  const golds = typeof gold === 'string' ? [gold] : gold;
  const errors: string[] = [];
  for (let i = 0; i < golds.length; i++) {
    // The prediction's own text: one tree, whose first form (the numbering each table is read
    // in) is among its forms, so it matches without canonicalising either side.
    if (golds[i] === predicted) return { match: true, goldIndex: i };
    const g = parseOneQuery(sdk, golds[i]!, d);
    if (!g.ok) {
      errors.push(`gold ${i}: ${g.reason}`);
      continue;
    }
    // gold keeps one numbering of repeated tables; the prediction tries all of them
    const goldForm = canonicalForms(g.query, d, 1)[0];
    predForms ??= new Set(canonicalForms(pred.query, d));
    if (goldForm !== undefined && predForms.has(goldForm)) return { match: true, goldIndex: i };
  }
  return {
    match: false,
    goldIndex: null,
    ...(errors.length > 0 ? { error: errors.join('; ') } : {}),
  };
}

/** The canonical form of one query (for caching by meaning); undefined if not one query. */
export async function canonicalSql(
  sql: string,
  dialect: SqlDialect | string,
): Promise<string | undefined> {
  const d = toDialect(dialect);
  const q = parseOneQuery(await loadSdk(), sql, d);
  return q.ok ? canonicalForms(q.query, d, 1)[0] : undefined;
}
