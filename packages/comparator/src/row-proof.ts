/**
 * A fast proof that two tables hold the same rows, straight from the source rows, under
 * the spec's value rules: every gold row is paired with a distinct result row, each pair
 * checked cell by cell with valuesEqual (identical cells at once, then tolerance, number
 * spellings, NaN, bytes, date rules). A complete pairing proves the match; anything less
 * proves nothing, and the caller runs the full comparison (prepared tables, a complete
 * matching by augmenting paths, explanations). So verdicts never depend on this path.
 *
 * Rows are found by a hash of their cells' keys (cell-key.ts): numbers by tolerance-wide
 * bucket, so a result within tolerance of its gold row usually has the same key, and
 * otherwise one of a few neighbouring keys, probed on a miss. No cell is copied into typed
 * arrays and nothing is allocated per cell: on a million rows, reading every cell into a
 * prepared table costs more (in cache misses and garbage collection) than the match.
 */
import { valuesEqual } from './cell-equality.js';
import {
  cellKey,
  exactScheme,
  type KeyScheme,
  keyScheme,
  numberKey,
  numberNeighbours,
} from './cell-key.js';
import type { TableLike } from './table.js';
import { combine, mix32 } from './value-hash.js';
import type { ValueRules } from './value-rules.js';

const BLOCK = 64;
/**
 * Longest hash chain allowed under the cheap-column key. With twice as many buckets as
 * rows, random keys make chains of a handful; longer ones mean those columns repeat.
 */
const MAX_CHAIN = 24;
/** Chain entries looked at past a partner equal within the rules, for an identical one. */
const LOOKAHEAD = 8;
/** Most neighbouring keys probed for one row that found no partner under its own key. */
const MAX_PROBES = 16;

/** Gold rows indexed by key: chains over row indices, and which columns the key covers. */
export interface GoldIndex {
  readonly rows: readonly unknown[];
  readonly goldCols: readonly number[];
  /** Positions in goldCols (and so in any resultCols) whose cells make up the key. */
  readonly keyed: readonly number[];
  readonly scheme: KeyScheme;
  /** Per gold row i: slots[2i] its key, slots[2i + 1] the next row in its chain (-1 ends). */
  readonly slots: Int32Array;
  /** Per bucket (key & mask): the first row of its chain, or -1. */
  readonly heads: Int32Array;
  readonly mask: number;
  readonly maxChain: number;
}

type Attempt = 'proven' | 'unproven' | 'budget';

/**
 * True when gold column goldCols[k] and result column resultCols[k] hold equal cells
 * under `rules`, row i against row i when order matters, else as a multiset of rows.
 * False means "not proven", never "different".
 */
export function proveRowsMatch(
  gold: TableLike,
  result: TableLike,
  goldCols: readonly number[],
  resultCols: readonly number[],
  rules: ValueRules,
  orderMatters: boolean,
): boolean {
  const gr = sourceRows(gold);
  const rr = sourceRows(result);
  if (gr === null || rr === null || gr.length !== rr.length) return false;
  if (goldCols.length !== resultCols.length) return false;
  if (orderMatters) return pairInOrder(gr, goldCols, rr, resultCols, rules);
  const scheme = keyScheme(rules);
  if (scheme === null) return false;
  const index = indexGold(gr, goldCols, scheme);
  if (index === null) return false;
  const first = pairRows(index, rr, resultCols, rules);
  if (first !== 'budget' || scheme.width === 0) return first === 'proven';
  // Numbers crowd into the same buckets (dense values, few other columns): key exactly.
  const exact = indexGold(gr, goldCols, exactScheme(scheme));
  return exact !== null && pairRows(exact, rr, resultCols, rules) === 'proven';
}

/**
 * The rows of a table when it has at least one, else null. Rows that are not arrays are
 * refused by the passes that read them (the full comparison reads them as all-null).
 */
export function sourceRows(t: TableLike): readonly unknown[] | null {
  const rows: unknown = t?.rows;
  if (!Array.isArray(rows) || rows.length === 0) return null;
  return rows;
}

/** 0: some cell differs; 1: equal under the rules; 2: identical cell for cell. */
export function rowRelation(
  g: readonly unknown[],
  goldCols: readonly number[],
  r: readonly unknown[],
  resultCols: readonly number[],
  rules: ValueRules,
): number {
  let identical = true;
  for (let k = 0; k < goldCols.length; k++) {
    const a = g[goldCols[k]!];
    const b = r[resultCols[k]!];
    if (a === b) continue;
    if (!valuesEqual(a, b, rules)) return 0;
    identical = false;
  }
  return identical ? 2 : 1;
}

function pairInOrder(
  gr: readonly unknown[],
  goldCols: readonly number[],
  rr: readonly unknown[],
  resultCols: readonly number[],
  rules: ValueRules,
): boolean {
  for (let i = 0; i < gr.length; i++) {
    const g: unknown = gr[i];
    const r: unknown = rr[i];
    if (!Array.isArray(g) || !Array.isArray(r)) return false;
    if (rowRelation(g, goldCols, r, resultCols, rules) === 0) return false;
  }
  return true;
}

/**
 * Keys of rows [from, to) into out[stride * (i - from)], from the cells at cols[keyed[k]]; false
 * when a row is not an array. Numbers, the common key cells, are keyed inline.
 */
function keyRows(
  rows: readonly unknown[],
  from: number,
  to: number,
  cols: readonly number[],
  keyed: readonly number[],
  scheme: KeyScheme,
  out: Int32Array,
  stride: number,
): boolean {
  const m = keyed.length;
  for (let i = from; i < to; i++) {
    const row: unknown = rows[i];
    if (!Array.isArray(row)) return false;
    let h = 0;
    for (let k = 0; k < m; k++) {
      const v: unknown = row[cols[keyed[k]!]!];
      h = combine(h, typeof v === 'number' ? numberKey(v, scheme) : cellKey(v, scheme));
    }
    out[stride * (i - from)] = mix32(h);
  }
  return true;
}

/**
 * Gold rows by key. The key covers as few of the columns whose first gold cell is a number
 * as tell the rows apart (reading them visits no string contents; the pair check covers
 * the rest), judged on a sample of rows; otherwise, or when chains turn out long, every
 * column. Null when a row is not an array.
 */
export function indexGold(
  rows: readonly unknown[],
  goldCols: readonly number[],
  scheme: KeyScheme,
): GoldIndex | null {
  const first: unknown = rows[0];
  if (!Array.isArray(first)) return null;
  const all = goldCols.map((_, k) => k);
  const cheap = all.filter((k) => typeof first[goldCols[k]!] === 'number');
  if (cheap.length > 0 && cheap.length < all.length) {
    const index = buildIndex(rows, goldCols, fewestColumns(rows, goldCols, cheap, scheme), scheme);
    if (index === null || index.maxChain <= MAX_CHAIN) return index;
  }
  return buildIndex(rows, goldCols, all, scheme);
}

/** Rows read to choose the key columns. */
const KEY_SAMPLE = 1024;

/**
 * The one cheap column that tells the sampled rows apart as well as all of them together,
 * if there is one (an id); else all the cheap columns. Fewer key cells, less hashing.
 */
function fewestColumns(
  rows: readonly unknown[],
  goldCols: readonly number[],
  cheap: readonly number[],
  scheme: KeyScheme,
): readonly number[] {
  if (cheap.length === 1) return cheap;
  const n = rows.length;
  const m = Math.min(n, KEY_SAMPLE);
  const step = n / m;
  const distinct = (keyed: readonly number[]): number => {
    const seen = new Set<number>();
    const key = new Int32Array(1);
    for (let t = 0; t < m; t++) {
      const row = Math.floor(t * step);
      if (!keyRows(rows, row, row + 1, goldCols, keyed, scheme, key, 0)) return 0;
      seen.add(key[0]!);
    }
    return seen.size;
  };
  const together = distinct(cheap);
  for (const k of cheap) if (distinct([k]) >= together) return [k];
  return cheap;
}

function buildIndex(
  rows: readonly unknown[],
  goldCols: readonly number[],
  keyed: readonly number[],
  scheme: KeyScheme,
): GoldIndex | null {
  const n = rows.length;
  const slots = new Int32Array(2 * n);
  if (!keyRows(rows, 0, n, goldCols, keyed, scheme, slots, 2)) return null;
  let size = 16;
  while (size < n * 2) size *= 2;
  const mask = size - 1;
  const heads = new Int32Array(size).fill(-1);
  // Chain lengths per bucket, saturating: a small array, so counting costs few cache misses.
  const lengths = new Uint8Array(size);
  let maxChain = 1;
  // Insert in reverse so each chain lists rows in ascending order.
  for (let i = n - 1; i >= 0; i--) {
    const b = slots[2 * i]! & mask;
    slots[2 * i + 1] = heads[b]!;
    heads[b] = i;
    const len = lengths[b]! + 1;
    if (len < 256) lengths[b] = len;
    if (len > maxChain) maxChain = len;
  }
  return { rows, goldCols, keyed, scheme, slots, heads, mask, maxChain };
}

/**
 * Pairs every result row with a gold row of the index. The index's chains are consumed
 * (matched rows unlinked) unless `keep`, which pairs on a copy so one index serves several
 * column mappings. 'budget' when chains are so crowded that the walk exceeds a linear
 * budget: the caller may retry with exact keys.
 */
export function pairRows(
  index: GoldIndex,
  rr: readonly unknown[],
  resultCols: readonly number[],
  rules: ValueRules,
  keep = false,
): Attempt {
  const { rows: gr, goldCols, keyed, scheme, mask } = index;
  const n = gr.length;
  if (rr.length !== n) return 'unproven';
  // Matched gold rows are unlinked, so runs of duplicate rows stay O(1) per row.
  const heads = keep ? index.heads.slice() : index.heads;
  const slots = keep ? index.slots.slice() : index.slots;
  const keys = new Int32Array(BLOCK);
  const partners = new Int32Array(BLOCK);
  let steps = 0;
  const budget = 48 * n + 4096;

  const take = (row: readonly unknown[], h: number): boolean => {
    const bucket = h & mask;
    let prev = -1;
    let cur = heads[bucket]!;
    let found = -1;
    let foundPrev = -1;
    let ahead = 0;
    while (cur !== -1 && steps <= budget && (found === -1 || ahead++ < LOOKAHEAD)) {
      steps++;
      if (slots[2 * cur] === h) {
        const rel = rowRelation(gr[cur] as unknown[], goldCols, row, resultCols, rules);
        if (rel === 2) {
          found = cur;
          foundPrev = prev;
          break;
        }
        if (rel === 1 && found === -1) {
          found = cur;
          foundPrev = prev;
        }
      }
      prev = cur;
      cur = slots[2 * cur + 1]!;
    }
    if (found === -1) return false;
    if (foundPrev === -1) heads[bucket] = slots[2 * found + 1]!;
    else slots[2 * foundPrev + 1] = slots[2 * found + 1]!;
    return true;
  };

  let sink = 0;
  for (let from = 0; from < n; from += BLOCK) {
    const to = Math.min(n, from + BLOCK);
    if (!keyRows(rr, from, to, resultCols, keyed, scheme, keys, 1)) return 'unproven';
    sink ^= touchPartners(gr, keys, to - from, heads, slots, mask, partners);
    for (let i = from; i < to; i++) {
      const row = rr[i] as unknown[];
      if (take(row, keys[i - from]!)) continue;
      if (steps > budget) return 'budget';
      if (!takeNeighbour(row, resultCols, keyed, scheme, take)) {
        return steps > budget ? 'budget' : 'unproven';
      }
    }
  }
  return sink === 0.5 ? 'unproven' : 'proven'; // sink is an integer: keeps the touching loads
}

/**
 * Loads each block row's likely gold partner (its chain slot, its row, the row's cells)
 * before the checks, one level at a time. The loads of one level are independent, so the
 * processor overlaps their cache misses instead of taking them one row at a time; the
 * checks then find the rows in cache. Rows lie scattered in memory, so these misses,
 * not the arithmetic, decide the cost of the proof.
 */
function touchPartners(
  gr: readonly unknown[],
  keys: Int32Array,
  m: number,
  heads: Int32Array,
  slots: Int32Array,
  mask: number,
  partners: Int32Array,
): number {
  let sink = 0;
  for (let k = 0; k < m; k++) partners[k] = heads[keys[k]! & mask]!;
  for (let k = 0; k < m; k++) {
    const g = partners[k]!;
    if (g !== -1) sink ^= slots[2 * g]! ^ (gr[g] as unknown[]).length;
  }
  for (let k = 0; k < m; k++) {
    const g = partners[k]!;
    if (g !== -1 && (gr[g] as unknown[])[0] === undefined) sink++;
  }
  return sink;
}

/**
 * A row whose own key found no partner: a number near a bucket edge may have its partner
 * in the neighbouring bucket. Tries the keys with some cells moved to a neighbour, up to
 * MAX_PROBES; false when none finds a partner (or a number spans too many buckets).
 */
function takeNeighbour(
  row: readonly unknown[],
  resultCols: readonly number[],
  keyed: readonly number[],
  scheme: KeyScheme,
  take: (row: readonly unknown[], h: number) => boolean,
): boolean {
  const options: number[][] = [];
  let combos = 1;
  for (let k = 0; k < keyed.length; k++) {
    const v = row[resultCols[keyed[k]!]!];
    const keys = [cellKey(v, scheme)];
    if (!numberNeighbours(v, scheme, keys)) return false;
    options.push(keys);
    combos *= keys.length;
  }
  if (combos === 1) return false;
  if (combos > MAX_PROBES + 1) return false;
  const pick = new Array<number>(keyed.length).fill(0);
  // Odometer over the choices; combination 0 (every cell's own key) was tried already.
  for (let c = 1; c < combos; c++) {
    for (let k = 0; k < pick.length; k++) {
      pick[k]!++;
      if (pick[k]! < options[k]!.length) break;
      pick[k] = 0;
    }
    let h = 0;
    for (let k = 0; k < pick.length; k++) h = combine(h, options[k]![pick[k]!]!);
    if (take(row, mix32(h))) return true;
  }
  return false;
}
