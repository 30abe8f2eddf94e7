/**
 * A fast proof of a match: pair every gold row with a result row whose cells are
 * identical (===), straight from the source rows. Identical values are equal under every
 * set of value rules, so a complete pairing proves the rows line up; anything less proves
 * nothing and the caller falls back to the full comparison (tolerance, number vs numeric
 * string, NaN, buffers, date labels). Most right answers are identical row for row, and
 * this path skips reading every cell into typed arrays, which on a million rows costs
 * more (in cache misses and garbage collection) than the whole match.
 */
import type { TableLike } from './table.js';
import { combine, hashNumber, hashString, mix32, SEED_STRING } from './value-hash.js';

/** Cells that are === hash equal; the rest only need to spread well. */
function identityHash(v: unknown): number {
  switch (typeof v) {
    case 'number':
      return hashNumber(v); // +0 and -0 hash alike, and they are ===
    case 'string':
      return hashString(v, SEED_STRING);
    case 'boolean':
      return v ? 0x1b56c4e9 : 0x2f8a3b17;
    case 'undefined':
      return 0x5a2d3c71;
    case 'bigint':
      return 0x6c078965 ^ Number(v & 0xffffffffn);
    default:
      // null and objects: identity only; collisions are checked.
      return v === null ? 0x3c6ef372 : 0x7f4a7c15;
  }
}

/**
 * Row hashes of rows [from, to) into out[from..to). Column by column within a small block
 * of rows: the loads of different rows are independent, so the processor overlaps their
 * cache misses, which decide the cost when rows lie scattered in memory (a shuffled result).
 */
function hashBlock(
  rows: readonly unknown[],
  from: number,
  to: number,
  cols: readonly number[],
  out: Int32Array,
): boolean {
  for (let i = from; i < to; i++) {
    if (!Array.isArray(rows[i])) return false;
    out[i] = 0;
  }
  for (let k = 0; k < cols.length; k++) {
    const c = cols[k]!;
    for (let i = from; i < to; i++) {
      out[i] = combine(out[i]!, identityHash((rows[i] as unknown[])[c]));
    }
  }
  for (let i = from; i < to; i++) out[i] = mix32(out[i]!);
  return true;
}

const BLOCK = 64;
/**
 * Longest hash chain allowed under the cheap-column hash. With twice as many buckets as
 * rows, random hashes make chains of a handful; longer ones mean those columns repeat.
 */
const MAX_CHAIN = 24;

interface RowIndex {
  readonly hashes: Int32Array;
  readonly head: Int32Array;
  readonly next: Int32Array;
  readonly mask: number;
  /** Longest chain met while linking: duplicate rows and collisions alike. */
  readonly maxChain: number;
}

/** Hash chains over the gold rows; null when a row is not an array. */
function buildIndex(rows: readonly unknown[], cols: readonly number[]): RowIndex | null {
  const n = rows.length;
  const hashes = new Int32Array(n);
  for (let from = 0; from < n; from += BLOCK) {
    if (!hashBlock(rows, from, Math.min(n, from + BLOCK), cols, hashes)) return null;
  }
  let size = 16;
  while (size < n * 2) size *= 2;
  const mask = size - 1;
  const head = new Int32Array(size).fill(-1);
  const next = new Int32Array(n);
  const chain = new Int32Array(n);
  let maxChain = 1;
  // Insert in reverse so each chain lists rows in ascending order.
  for (let i = n - 1; i >= 0; i--) {
    const h = hashes[i]!;
    const b = h & mask;
    const prev = head[b]!;
    const len = prev === -1 ? 1 : chain[prev]! + 1;
    chain[i] = len;
    if (len > maxChain) maxChain = len;
    next[i] = prev;
    head[b] = i;
  }
  return { hashes, head, next, mask, maxChain };
}

/**
 * Loads each block row's likely gold partner (its hash, its row, one cell) before the
 * checks. These loads are independent, so the processor overlaps their cache misses
 * instead of taking them one row at a time; the checks then find the rows in cache.
 */
function touchPartners(
  gr: readonly unknown[],
  rh: Int32Array,
  from: number,
  to: number,
  index: RowIndex,
  col: number,
): number {
  const { head, hashes, mask } = index;
  let sink = 0;
  for (let i = from; i < to; i++) {
    const g = head[rh[i]! & mask]!;
    if (g !== -1) sink ^= hashes[g]!;
  }
  for (let i = from; i < to; i++) {
    const g = head[rh[i]! & mask]!;
    if (g !== -1 && (gr[g] as unknown[])[col] === undefined) sink++;
  }
  return sink;
}

function identical(
  g: readonly unknown[],
  goldCols: readonly number[],
  r: readonly unknown[],
  resultCols: readonly number[],
): boolean {
  for (let k = 0; k < goldCols.length; k++) {
    if (g[goldCols[k]!] !== r[resultCols[k]!]) return false;
  }
  return true;
}

/**
 * True when gold column goldCols[k] and result column resultCols[k] hold identical cells,
 * row i against row i when order matters, else as a multiset of rows. False means "not
 * proven", never "different". Rows that are not arrays are left to the full comparison.
 */
export function identicalRowsMatch(
  gold: TableLike,
  result: TableLike,
  goldCols: readonly number[],
  resultCols: readonly number[],
  orderMatters: boolean,
): boolean {
  const gr: unknown = gold?.rows;
  const rr: unknown = result?.rows;
  if (!Array.isArray(gr) || !Array.isArray(rr)) return false;
  const n = gr.length;
  if (n === 0 || rr.length !== n || goldCols.length !== resultCols.length) return false;
  if (orderMatters) {
    for (let i = 0; i < n; i++) {
      const g: unknown = gr[i];
      const r: unknown = rr[i];
      if (!Array.isArray(g) || !Array.isArray(r)) return false;
      if (!identical(g, goldCols, r, resultCols)) return false;
    }
    return true;
  }
  // Hash the numeric columns first: reading them costs no visit to string contents, and
  // when they already tell the gold rows apart the collision check covers the rest.
  const first = gr[0] as unknown;
  const cheap: number[] = [];
  if (Array.isArray(first)) {
    for (let k = 0; k < goldCols.length; k++) {
      if (typeof first[goldCols[k]!] === 'number') cheap.push(k);
    }
  }
  let hashedK = cheap.length > 0 && cheap.length < goldCols.length ? cheap : null;
  let index = hashedK
    ? buildIndex(
        gr,
        hashedK.map((k) => goldCols[k]!),
      )
    : null;
  if (index === null || index.maxChain > MAX_CHAIN) {
    // Too many gold rows agree on those columns (or there are none): hash every column.
    hashedK = null;
    index = buildIndex(gr, goldCols);
    if (index === null) return false;
  }
  const hashCols = hashedK ? hashedK.map((k) => resultCols[k]!) : resultCols;
  const { hashes, head, next, mask } = index;
  const rh = new Int32Array(n);
  let sink = 0;
  for (let from = 0; from < n; from += BLOCK) {
    const to = Math.min(n, from + BLOCK);
    if (!hashBlock(rr, from, to, hashCols, rh)) return false;
    sink ^= touchPartners(gr, rh, from, to, index, goldCols[0]!);
    for (let i = from; i < to; i++) {
      const r = rr[i] as unknown[];
      const h = rh[i]!;
      const bucket = h & mask;
      let prev = -1;
      let cur = head[bucket]!;
      while (cur !== -1) {
        if (hashes[cur] === h && identical(gr[cur] as unknown[], goldCols, r, resultCols)) {
          // Unlink the partner so runs of duplicate rows stay O(1) per row.
          if (prev === -1) head[bucket] = next[cur]!;
          else next[prev] = next[cur]!;
          break;
        }
        prev = cur;
        cur = next[cur]!;
      }
      if (cur === -1) return false;
    }
  }
  return sink !== 0.5; // always true: keeps the touching loads alive
}

/** How many result rows are read to work out which result column answers which gold column. */
const SAMPLE = 64;
/** Pairs of rows that settle the candidates. */
const PAIRS = 8;
const MAX_TRIES = 4;

/**
 * Lenient's fast proof for a result of the gold's width: works out from a sample of rows
 * which result columns can answer each gold column, then pairs every row identically under
 * such a mapping (identicalRowsMatch). Returns the mapping (gold column i is result column
 * mapping[i]) or null for "not proven"; the caller then runs the full search, which also
 * handles tolerance, labels and extra columns. Only the final pairing proves anything: the
 * sample merely picks which mappings to try.
 */
export function identicalColumnsMapping(
  gold: TableLike,
  result: TableLike,
  width: number,
  orderMatters: boolean,
): number[] | null {
  const gr: unknown = gold?.rows;
  const rr: unknown = result?.rows;
  if (!Array.isArray(gr) || !Array.isArray(rr) || width === 0 || width > 30) return null;
  const n = gr.length;
  if (n === 0 || rr.length !== n) return null;
  const cands = sampleCandidates(gr, rr, width, orderMatters);
  if (cands === null) return null;
  const goldCols = Array.from({ length: width }, (_, i) => i);
  const mapping = new Array<number>(width).fill(-1);
  const used = new Uint8Array(width);
  let tries = 0;
  // Twin columns (the same values) leave several candidates; they are usually identical,
  // so the first assignment almost always holds. A few tries, then the full search.
  const visit = (i: number): boolean => {
    if (i === width) {
      tries++;
      return identicalRowsMatch(gold, result, goldCols, mapping, orderMatters);
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

/** An order-free hash of a row's cells: equal for rows holding the same values anywhere. */
function bagHash(row: readonly unknown[], width: number): number {
  let h = 0;
  for (let j = 0; j < width; j++) h = (h + mix32(identityHash(row[j]) ^ 0x68e31da4)) | 0;
  return h;
}

/**
 * For each gold column, the result columns whose cell is identical in every sampled pair
 * of rows. A result row is paired with a gold row holding the same values in any order
 * (row i with row i when order matters). Null when some gold column has no candidate.
 */
function sampleCandidates(
  gr: readonly unknown[],
  rr: readonly unknown[],
  width: number,
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
    // The sampled result rows' value bags, then one scan of the gold for rows with them.
    const wanted = new Map<number, number[]>();
    for (let i = 0; i < m; i++) {
      const r: unknown = rr[i];
      if (!Array.isArray(r)) return null;
      const h = bagHash(r, width);
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
      const list = wanted.get(bagHash(row, width));
      if (list === undefined || list.length === 0) continue;
      pairs.push([g, list.pop()!]);
    }
    if (pairs.length < enough) return null; // a sampled row has no gold row with its values
  }
  for (const [g, r] of pairs) {
    const grow = gr[g] as unknown[];
    const rrow = rr[r] as unknown[];
    if (!Array.isArray(grow) || !Array.isArray(rrow)) return null;
    for (let i = 0; i < width; i++) {
      let mask = 0;
      for (let j = 0; j < width; j++) if (grow[i] === rrow[j]) mask |= 1 << j;
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
