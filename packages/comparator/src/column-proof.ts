/**
 * Lenient's fast proof: works out from a sample of rows which result columns can answer
 * each gold column, then proves the rows match under such a mapping (row-proof.ts). Only
 * the final proof proves anything: the sample merely picks which mappings to try.
 *
 * The result may carry a few extra columns (up to the cap, checked by the caller). Then the
 * constant rule applies: a result column whose cells are all the same value (or numbers
 * within tolerance of each other) cannot answer a gold column once there is more than one
 * row. The proof uses only columns it can show are not constant, from two differing cells.
 */
import { valuesEqual } from './cell-equality.js';
import { cellKey, exactScheme, type KeyScheme, keyScheme } from './cell-key.js';
import { readHash } from './prepared-table.js';
import { type GoldIndex, indexGold, pairRows, proveRowsMatch, sourceRows } from './row-proof.js';
import type { TableLike } from './table.js';
import { mix32 } from './value-hash.js';
import { K_NUM, newReadValue, readValue } from './value-kind.js';
import type { ValueRules } from './value-rules.js';

/** How many result rows are read to work out which result column answers which gold column. */
const SAMPLE = 64;
/** Pairs of rows that settle the candidates. */
const PAIRS = 8;
/** Mappings tried beyond the identity before leaving the case to the full search. */
const MAX_TRIES = 4;
/**
 * Most ways to set a sampled row's extra cells aside (C(result width, extra columns)):
 * one extra column among 8, or two among 10, but not the widest results the cap allows.
 */
const MAX_SUBSETS = 64;

/**
 * A mapping (gold column i is result column mapping[i]) under which the rows provably
 * match, or null for "not proven". The identity is tried first when the widths are equal,
 * as lenient tries strict first. The caller has checked the
 * column cap and that the result is at least as wide as the gold.
 */
export function proveColumnsMatch(
  gold: TableLike,
  result: TableLike,
  goldWidth: number,
  resultWidth: number,
  rules: ValueRules,
  orderMatters: boolean,
): number[] | null {
  const gr = sourceRows(gold);
  const rr = sourceRows(result);
  if (gr === null || rr === null || gr.length !== rr.length) return null;
  if (goldWidth === 0 || resultWidth < goldWidth || resultWidth > 30) return null;
  if (subsets(resultWidth, resultWidth - goldWidth) > MAX_SUBSETS) return null;
  const scheme = keyScheme(rules);
  if (scheme === null) return null;
  const cands = sampleCandidates(gr, rr, goldWidth, resultWidth, rules, scheme, orderMatters);
  if (cands === null) return null;
  const usable = usableColumns(rr, goldWidth, resultWidth, rules.tolerance);
  const goldCols = Array.from({ length: goldWidth }, (_, i) => i);
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
  // With the gold's width, the identity first, whatever the sample says (duplicate rows
  // can pair it wrongly): a failing try stops at its first unmatched row, on the same index.
  const identityTried = resultWidth === goldWidth;
  if (identityTried && holds(goldCols)) return goldCols.slice();
  const mapping = new Array<number>(goldWidth).fill(-1);
  const used = new Uint8Array(resultWidth);
  let tries = 0;
  // Twin columns (the same values) leave several candidates; they are usually identical,
  // so the first assignment almost always holds. A few tries, then the full search.
  const visit = (i: number): boolean => {
    if (i === goldWidth) {
      if (identityTried && mapping.every((j, k) => j === k)) return false; // tried above
      tries++;
      return holds(mapping);
    }
    for (const j of cands[i]!) {
      if (used[j] || !usable(j)) continue;
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

/** C(n, k). */
function subsets(n: number, k: number): number {
  let c = 1;
  for (let i = 0; i < k; i++) c = (c * (n - i)) / (i + 1);
  return c;
}

const cellRead = newReadValue();

/**
 * Which result columns may answer a gold column: all of them when the result has the
 * gold's width or a single row (the constant rule is off there); otherwise those shown
 * not to be constant, judged lazily and remembered.
 */
function usableColumns(
  rr: readonly unknown[],
  goldWidth: number,
  resultWidth: number,
  tolerance: number,
): (j: number) => boolean {
  if (resultWidth === goldWidth || rr.length <= 1) return () => true;
  const known = new Int8Array(resultWidth); // 0 unknown, 1 usable, -1 not shown usable
  return (j) => {
    if (known[j] === 0) known[j] = provablyVaried(rr, j, tolerance) ? 1 : -1;
    return known[j] === 1;
  };
}

/**
 * True when column j is not constant in isConstantColumn's sense: two cells hash apart
 * (as prepared columns hash them), and some cell is not a finite number or two finite
 * numbers lie more than the tolerance apart. Reads rows until both are shown.
 */
function provablyVaried(rr: readonly unknown[], j: number, tolerance: number): boolean {
  let first = 0;
  let hashesDiffer = false;
  let numbersDiffer = false;
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < rr.length && !(hashesDiffer && numbersDiffer); i++) {
    const row: unknown = rr[i];
    const r = readValue(Array.isArray(row) ? row[j] : null, cellRead);
    const h = readHash(r);
    if (i === 0) first = h;
    else if (h !== first) hashesDiffer = true;
    if (r.kind !== K_NUM || !Number.isFinite(r.num)) {
      numbersDiffer = true;
    } else {
      if (r.num < lo) lo = r.num;
      if (r.num > hi) hi = r.num;
      if (!(hi - lo <= tolerance)) numbersDiffer = true;
    }
  }
  return hashesDiffer && numbersDiffer;
}

/** Order-free hash terms of a row's cell keys: a row's bag is the sum of its cells' terms. */
function term(v: unknown, scheme: KeyScheme): number {
  return mix32(cellKey(v, scheme) ^ 0x68e31da4);
}

/**
 * For each gold column, the result columns whose cell equals it (under the rules) in every
 * sampled pair of rows. A sampled result row is paired with a gold row whose cell keys are
 * those of the result row's, in any order, once its extra cells are set aside (each way of
 * setting them aside is tried); row i with row i when order matters. A pair in which some
 * gold cell equals no result cell is a chance collision and is skipped. Null when some gold
 * column has no candidate, or no sampled row finds a partner.
 */
function sampleCandidates(
  gr: readonly unknown[],
  rr: readonly unknown[],
  goldWidth: number,
  resultWidth: number,
  rules: ValueRules,
  scheme: KeyScheme,
  orderMatters: boolean,
): number[][] | null {
  const n = gr.length;
  const m = Math.min(SAMPLE, n);
  const extra = resultWidth - goldWidth;
  const masks = new Array<number>(goldWidth).fill(2 ** resultWidth - 1);
  const rowMasks = new Array<number>(goldWidth).fill(0);
  let pairs = 0;
  // The masks of one pair of rows, or false when some gold cell equals no result cell.
  const pairMasks = (grow: readonly unknown[], rrow: readonly unknown[]): boolean => {
    for (let i = 0; i < goldWidth; i++) {
      let mask = 0;
      for (let j = 0; j < resultWidth; j++) {
        if (valuesEqual(grow[i], rrow[j], rules)) mask |= 1 << j;
      }
      if (mask === 0) return false;
      rowMasks[i] = mask;
    }
    return true;
  };
  const addPair = (grow: unknown, rrow: unknown): boolean => {
    if (!Array.isArray(grow) || !Array.isArray(rrow) || !pairMasks(grow, rrow)) return false;
    for (let i = 0; i < goldWidth; i++) masks[i] = masks[i]! & rowMasks[i]!;
    pairs++;
    return true;
  };
  if (orderMatters) {
    // Rows line up by position; a pair that does not is left to the full comparison.
    for (let i = 0; i < m; i++) if (!addPair(gr[i], rr[i])) return null;
  } else {
    // Every bag a sampled result row can show without its extra cells, then one scan of
    // the gold for rows with one of them.
    const wanted = new Map<number, number[]>();
    const terms = new Array<number>(resultWidth).fill(0);
    for (let r = 0; r < m; r++) {
      const row: unknown = rr[r];
      if (!Array.isArray(row)) return null;
      let total = 0;
      for (let j = 0; j < resultWidth; j++) {
        terms[j] = term(row[j], scheme);
        total = (total + terms[j]!) | 0;
      }
      forEachSubset(resultWidth, extra, (aside) => {
        let bag = total;
        for (const j of aside) bag = (bag - terms[j]!) | 0;
        const list = wanted.get(bag);
        if (list === undefined) wanted.set(bag, [r]);
        else if (list[list.length - 1] !== r) list.push(r);
      });
    }
    const taken = new Uint8Array(m);
    // Stop at a few pairs: the sampled rows sit anywhere in the gold, and a few pairs
    // usually single out each column (wrong guesses fail on their first rows anyway).
    const enough = Math.min(PAIRS, m);
    for (let g = 0; g < n && pairs < enough; g++) {
      const row: unknown = gr[g];
      if (!Array.isArray(row)) return null;
      let bag = 0;
      for (let i = 0; i < goldWidth; i++) bag = (bag + term(row[i], scheme)) | 0;
      const list = wanted.get(bag);
      if (list === undefined) continue;
      for (const r of list) {
        if (taken[r] || !addPair(row, rr[r])) continue;
        taken[r] = 1;
        break;
      }
    }
    // Fewer pairs (rows near bucket edges have other keys) leave more candidates to try.
    if (pairs === 0) return null;
  }
  const cands: number[][] = [];
  for (let i = 0; i < goldWidth; i++) {
    const list: number[] = [];
    for (let j = 0; j < resultWidth; j++) if (masks[i]! & (1 << j)) list.push(j);
    if (list.length === 0) return null;
    cands.push(list);
  }
  return cands;
}

/** Calls visit with every k-element subset of 0..n-1 (as a reused array), in lexical order. */
function forEachSubset(n: number, k: number, visit: (subset: readonly number[]) => void): void {
  const pick = Array.from({ length: k }, (_, i) => i);
  for (;;) {
    visit(pick);
    let i = k - 1;
    while (i >= 0 && pick[i] === n - k + i) i--;
    if (i < 0) return;
    pick[i]!++;
    for (let t = i + 1; t < k; t++) pick[t] = pick[t - 1]! + 1;
  }
}
