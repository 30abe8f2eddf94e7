/**
 * Lenient's fast proof for a result of the gold's width (columns in any order): works out
 * from a sample of rows which result columns can answer each gold column, then proves the
 * rows match under such a mapping (row-proof.ts). Only the final proof proves anything:
 * the sample merely picks which mappings to try. A result of the gold's width bars no
 * constant column (see lenientVerdict), so the proof needs no guardrail but the row count.
 */
import { valuesEqual } from './cell-equality.js';
import { cellKey, exactScheme, type KeyScheme, keyScheme } from './cell-key.js';
import { type GoldIndex, indexGold, pairRows, proveRowsMatch, sourceRows } from './row-proof.js';
import type { TableLike } from './table.js';
import { mix32 } from './value-hash.js';
import type { ValueRules } from './value-rules.js';

/** How many result rows are read to work out which result column answers which gold column. */
const SAMPLE = 64;
/** Pairs of rows that settle the candidates. */
const PAIRS = 8;
/** Mappings tried beyond the identity before leaving the case to the full search. */
const MAX_TRIES = 4;

/**
 * A mapping (gold column i is result column mapping[i]) under which the rows provably
 * match, or null for "not proven". The identity is tried first when the sample allows it,
 * as lenient tries strict first.
 */
export function proveColumnsMatch(
  gold: TableLike,
  result: TableLike,
  width: number,
  rules: ValueRules,
  orderMatters: boolean,
): number[] | null {
  const gr = sourceRows(gold);
  const rr = sourceRows(result);
  if (gr === null || rr === null || gr.length !== rr.length) return null;
  if (width === 0 || width > 30) return null;
  const scheme = keyScheme(rules);
  if (scheme === null) return null;
  const cands = sampleCandidates(gr, rr, width, rules, scheme, orderMatters);
  if (cands === null) return null;
  const goldCols = Array.from({ length: width }, (_, i) => i);
  // One gold index serves every mapping tried (its key covers gold columns only).
  let index: GoldIndex | null | undefined;
  let exact: GoldIndex | null | undefined;
  const holds = (mapping: readonly number[]): boolean => {
    if (orderMatters) return proveRowsMatch(gold, result, goldCols, mapping, rules, true);
    index ??= indexGold(gr, goldCols, scheme);
    if (index === null) return false;
    const first = pairRows(index, rr, mapping, rules, true);
    if (first !== 'budget' || scheme.width === 0) return first === 'proven';
    exact ??= indexGold(gr, goldCols, exactScheme(scheme));
    return exact !== null && pairRows(exact, rr, mapping, rules, true) === 'proven';
  };
  const identity = goldCols;
  const identityAllowed = cands.every((list, i) => list.includes(i));
  if (identityAllowed && holds(identity)) return identity.slice();
  const mapping = new Array<number>(width).fill(-1);
  const used = new Uint8Array(width);
  let tries = 0;
  // Twin columns (the same values) leave several candidates; they are usually identical,
  // so the first assignment almost always holds. A few tries, then the full search.
  const visit = (i: number): boolean => {
    if (i === width) {
      if (identityAllowed && mapping.every((j, k) => j === k)) return false; // tried above
      tries++;
      return holds(mapping);
    }
    for (const j of cands[i]!) {
      if (used[j]) continue;
      used[j] = 1;
      mapping[i] = j;
      if (visit(i + 1)) return true;
      used[j] = 0;
      if (tries >= MAX_TRIES) return false;
    }
    return false;
  };
  return visit(0) ? mapping : null;
}

/** An order-free hash of a row's cell keys: equal for rows holding equal values anywhere. */
function bagHash(row: readonly unknown[], width: number, scheme: KeyScheme): number {
  let h = 0;
  for (let j = 0; j < width; j++) h = (h + mix32(cellKey(row[j], scheme) ^ 0x68e31da4)) | 0;
  return h;
}

/**
 * For each gold column, the result columns whose cell equals it (under the rules) in every
 * sampled pair of rows. A result row is paired with a gold row whose cells have the same
 * keys in any order (row i with row i when order matters). Null when some gold column has
 * no candidate, or no sampled row finds such a gold row.
 */
function sampleCandidates(
  gr: readonly unknown[],
  rr: readonly unknown[],
  width: number,
  rules: ValueRules,
  scheme: KeyScheme,
  orderMatters: boolean,
): number[][] | null {
  const n = gr.length;
  const m = Math.min(SAMPLE, n);
  const full = 2 ** width - 1;
  const masks = new Array<number>(width).fill(full);
  const pairs: [number, number][] = [];
  if (orderMatters) {
    for (let i = 0; i < m; i++) pairs.push([i, i]);
  } else {
    // The sampled result rows' key bags, then one scan of the gold for rows with them.
    const wanted = new Map<number, number[]>();
    for (let i = 0; i < m; i++) {
      const r: unknown = rr[i];
      if (!Array.isArray(r)) return null;
      const h = bagHash(r, width, scheme);
      const list = wanted.get(h);
      if (list) list.push(i);
      else wanted.set(h, [i]);
    }
    // Stop at a few pairs: the sampled rows sit anywhere in the gold, and a few pairs
    // usually single out each column (wrong guesses fail on their first rows anyway).
    const enough = Math.min(PAIRS, m);
    for (let g = 0; g < n && pairs.length < enough; g++) {
      const row: unknown = gr[g];
      if (!Array.isArray(row)) return null;
      const list = wanted.get(bagHash(row, width, scheme));
      if (list === undefined || list.length === 0) continue;
      pairs.push([g, list.pop()!]);
    }
    // Fewer pairs (rows near bucket edges have other keys) leave more candidates to try.
    if (pairs.length === 0) return null;
  }
  for (const [g, r] of pairs) {
    const grow: unknown = gr[g];
    const rrow: unknown = rr[r];
    if (!Array.isArray(grow) || !Array.isArray(rrow)) return null;
    for (let i = 0; i < width; i++) {
      let mask = 0;
      for (let j = 0; j < width; j++) if (valuesEqual(grow[i], rrow[j], rules)) mask |= 1 << j;
      masks[i] = masks[i]! & mask;
    }
  }
  const cands: number[][] = [];
  for (let i = 0; i < width; i++) {
    const list: number[] = [];
    for (let j = 0; j < width; j++) if (masks[i]! & (1 << j)) list.push(j);
    if (list.length === 0) return null;
    cands.push(list);
  }
  return cands;
}
