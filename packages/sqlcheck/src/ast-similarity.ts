// 001 §4.3 tree-edit similarity: 1 - edits / max(nodes_gold, nodes_pred), from the SDK's
// tree diff (ChangeDistiller). The node counts come from the same diff (kept, removed,
// moved and updated nodes are gold's; kept, inserted, moved and updated are the
// prediction's), so edits and sizes are measured on one tree model. A diagnostic only.
import type { SqlDialect } from './dialect.js';
import { toDialect } from './dialect.js';
import type { PolyglotSdk } from './load.js';
import { loadSdk } from './load.js';
import { sdkDialectOf } from './parse.js';
import { ParseMemo } from './parse-memo.js';
import { parseOneQuery } from './query-parse.js';

export interface AstSimilarity {
  similarity: number;
  edits: number;
  goldNodes: number;
  predictedNodes: number;
}

/** Diffs of the pairs compared last: a case's passes often answer the same SQL again. */
const recentPairs = new ParseMemo<AstSimilarity | null>(256, 16 * 1024);

export async function astSimilarity(
  gold: string,
  predicted: string,
  dialect: SqlDialect | string,
): Promise<AstSimilarity | undefined> {
  const d = toDialect(dialect);
  const sdk = await loadSdk();
  if (!parseOneQuery(sdk, gold, d).ok || !parseOneQuery(sdk, predicted, d).ok) return undefined;
  const pair = `${gold}\u0000${predicted}`;
  const found = recentPairs.get(d, pair, () => diffed(sdk, gold, predicted, d) ?? null);
  return found === null ? undefined : { ...found };
}

/**
 * @internal The similarity alone, as a case record keeps it. Identical texts score 1 without
 * the diff, which costs more than everything else a case run's diagnostics do together: a
 * tree diffed against itself has no edits (checked on every gold of the Chinook and synthetic
 * suites, test/ast-similarity.test.ts).
 */
export async function astSimilarityScore(
  gold: string,
  predicted: string,
  dialect: SqlDialect | string,
): Promise<number | undefined> {
  if (gold !== predicted) return (await astSimilarity(gold, predicted, dialect))?.similarity;
  return parseOneQuery(await loadSdk(), gold, toDialect(dialect)).ok ? 1 : undefined;
}

function diffed(
  sdk: PolyglotSdk,
  gold: string,
  predicted: string,
  d: SqlDialect,
): AstSimilarity | undefined {
  let edits: { type: string }[];
  try {
    const r = sdk.diff(gold, predicted, sdkDialectOf(sdk, d));
    if (!r.success) return undefined;
    edits = r.edits ?? [];
  } catch {
    return undefined;
  }
  let changed = 0;
  let goldNodes = 0;
  let predictedNodes = 0;
  for (const e of edits) {
    if (e.type !== 'keep') changed++;
    if (e.type !== 'insert') goldNodes++;
    if (e.type !== 'remove') predictedNodes++;
  }
  const size = Math.max(goldNodes, predictedNodes);
  const similarity = size === 0 ? 1 : Math.min(1, Math.max(0, 1 - changed / size));
  return { similarity, edits: changed, goldNodes, predictedNodes };
}
