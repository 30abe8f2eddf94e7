/**
 * Do the rows of two tables line up, column k of the gold against column map[k] of the
 * result? Ordered: row i against row i. Unordered: a perfect matching between gold rows
 * and result rows, found by hashing with a collision check (identical rows pair up in
 * O(n)), then augmenting paths for rows that are equal only within tolerance.
 */
import { cellsEqual, signaturesCompatible } from './cell-equality.js';
import type { PreparedColumn, PreparedTable } from './prepared-table.js';
import { combine, HASH_NULL, hashNumber, mix32 } from './value-hash.js';
import { isExactKind, K_DATE, K_NULL } from './value-kind.js';
import { datesFlexible, type ValueRules } from './value-rules.js';

export type RowMatchOutcome =
  | { readonly ok: true }
  | {
      readonly ok: false;
      readonly code: 'row_mismatch';
      /** First gold row left without a partner (-1 if none). */
      readonly goldRow: number;
      /** First result row left without a partner (-1 if none). */
      readonly resultRow: number;
    }
  | {
      readonly ok: false;
      readonly code: 'order';
      readonly index: number;
      /** Under tie labels: the first tie group holding other rows than the gold's. */
      readonly tieGroup?: { readonly first: number; readonly rows: number };
    };

/** Gold column goldCols[k] is compared with result column resultCols[k]. */
export interface RowPairing {
  readonly gold: PreparedTable;
  readonly result: PreparedTable;
  readonly goldCols: readonly number[];
  readonly resultCols: readonly number[];
  readonly rules: ValueRules;
  /**
   * Ordered comparison up to ties (ties.ts): the tie group of each row position. Gold row i
   * may pair with result row j only when labels[i] === labels[j].
   */
  readonly labels?: Int32Array;
}

interface Bound {
  gc: PreparedColumn[];
  rc: PreparedColumn[];
  rules: ValueRules;
  labels: Int32Array | null;
}

function bind(p: RowPairing, labels: Int32Array | null = null): Bound {
  return {
    gc: p.goldCols.map((c) => p.gold.cols[c]!),
    rc: p.resultCols.map((c) => p.result.cols[c]!),
    rules: p.rules,
    labels,
  };
}

function rowsEqual(b: Bound, gi: number, ri: number): boolean {
  const { gc, rc, rules, labels } = b;
  if (labels !== null && labels[gi] !== labels[ri]) return false;
  for (let k = 0; k < gc.length; k++) {
    if (!cellsEqual(gc[k]!, gi, rc[k]!, ri, rules)) return false;
  }
  return true;
}

export function rowHashes(cols: readonly PreparedColumn[], height: number): Int32Array {
  const out = new Int32Array(height);
  if (cols.length === 0) return out;
  out.set(cols[0]!.hash);
  for (let k = 1; k < cols.length; k++) {
    const h = cols[k]!.hash;
    for (let i = 0; i < height; i++) out[i] = combine(out[i]!, h[i]!);
  }
  for (let i = 0; i < height; i++) out[i] = mix32(out[i]!);
  return out;
}

/** Hash chains over row indices: head[h & mask] is the first row, next[] links the rest. */
export interface Chains {
  readonly head: Int32Array;
  readonly next: Int32Array;
  readonly mask: number;
}

export function buildChains(hashes: Int32Array): Chains {
  let size = 16;
  while (size < hashes.length * 2) size *= 2;
  const head = new Int32Array(size).fill(-1);
  const next = new Int32Array(hashes.length);
  const mask = size - 1;
  // Insert in reverse so each chain lists rows in ascending order.
  for (let i = hashes.length - 1; i >= 0; i--) {
    const b = hashes[i]! & mask;
    next[i] = head[b]!;
    head[b] = i;
  }
  return { head, next, mask };
}

/**
 * `quickReject`: when column signatures already rule a match out, return at once without
 * naming rows (for callers that only need the yes/no, such as lenient's strict pre-check).
 */
export function matchRows(
  p: RowPairing,
  orderMatters: boolean,
  quickReject = false,
): RowMatchOutcome {
  const b = bind(p);
  const n = p.gold.height;
  if (quickReject && !pairsCouldMatch(b)) {
    return { ok: false, code: 'row_mismatch', goldRow: -1, resultRow: -1 };
  }
  if (orderMatters && p.labels !== undefined) return matchTied(p, b, p.labels);
  if (orderMatters) {
    for (let i = 0; i < n; i++) {
      if (!rowsEqual(b, i, i)) {
        const asBag = matchMultiset(p, b);
        return asBag.ok
          ? { ok: false, code: 'order', index: i }
          : { ok: false, code: 'row_mismatch', goldRow: i, resultRow: i };
      }
    }
    return { ok: true };
  }
  return matchMultiset(p, b);
}

/**
 * Ordered up to ties: rows in the same positions first (the common case), else a matching
 * that pairs rows within their tie group only. On failure, 'order' when the rows match as a
 * multiset, naming the first group that differs.
 */
function matchTied(p: RowPairing, b: Bound, labels: Int32Array): RowMatchOutcome {
  const n = p.gold.height;
  let i = 0;
  while (i < n && rowsEqual(b, i, i)) i++;
  if (i === n) return { ok: true };
  const tied = { ...b, labels };
  const within = matchMultiset(p, tied, true);
  if (within.ok) return within;
  const asBag = matchMultiset(p, b);
  if (!asBag.ok || within.code !== 'row_mismatch') return asBag;
  // The matching left is maximum and groups share no edge, so the first unmatched gold row
  // lies in the first group that cannot match.
  const label = labels[within.goldRow]!;
  let first = within.goldRow;
  while (first > 0 && labels[first - 1] === label) first--;
  let end = within.goldRow;
  while (end < n && labels[end] === label) end++;
  return { ok: false, code: 'order', index: first, tieGroup: { first, rows: end - first } };
}

function labelledHashes(b: Bound, cols: PreparedColumn[], n: number): Int32Array {
  const h = rowHashes(cols, n);
  const labels = b.labels;
  if (labels !== null) for (let i = 0; i < n; i++) h[i] = mix32(combine(h[i]!, labels[i]!));
  return h;
}

function matchMultiset(p: RowPairing, b: Bound, complete = false): RowMatchOutcome {
  const n = p.gold.height;
  const gh = labelledHashes(b, b.gc, n);
  const rh = labelledHashes(b, b.rc, n);
  const { head, next, mask } = buildChains(gh);
  const matchG = new Int32Array(n).fill(-1);
  const matchR = new Int32Array(n).fill(-1);
  const leftovers: number[] = [];
  // Phase A: identical rows (same hash, checked cell by cell). Matched gold rows are
  // unlinked so long runs of duplicates stay O(1) per row.
  for (let r = 0; r < n; r++) {
    const h = rh[r]!;
    const bucket = h & mask;
    let prev = -1;
    let cur = head[bucket]!;
    while (cur !== -1) {
      if (gh[cur] === h && rowsEqual(b, cur, r)) {
        if (prev === -1) head[bucket] = next[cur]!;
        else next[prev] = next[cur]!;
        matchG[cur] = r;
        matchR[r] = cur;
        break;
      }
      prev = cur;
      cur = next[cur]!;
    }
    if (cur === -1) leftovers.push(r);
  }
  if (leftovers.length > 0 && pairsCouldMatch(b)) repair(p, b, leftovers, matchG, matchR, complete);
  let firstG = -1;
  for (let i = 0; i < n; i++) {
    if (matchG[i] === -1) {
      firstG = i;
      break;
    }
  }
  if (firstG === -1) return { ok: true };
  let firstR = -1;
  for (let i = 0; i < n; i++) {
    if (matchR[i] === -1) {
      firstR = i;
      break;
    }
  }
  return { ok: false, code: 'row_mismatch', goldRow: firstG, resultRow: firstR };
}

/** Column signatures allow the pairing (a necessary condition, one check per column). */
export function pairingCouldMatch(p: RowPairing): boolean {
  return pairsCouldMatch(bind(p));
}

function pairsCouldMatch(b: Bound): boolean {
  for (let k = 0; k < b.gc.length; k++) {
    if (!signaturesCompatible(b.gc[k]!, b.rc[k]!, b.rules)) return false;
  }
  return true;
}

const WILDCARD = 0x2f6b7c1d;

/**
 * Phase B: rows equal only within tolerance (or by the label rule) hash apart, so they are
 * paired by augmenting paths (Kuhn) over all gold rows, which also undoes a phase-A pairing
 * when that is what a complete matching needs. Candidates come from a coarse index: exact
 * cells hashed, flexible cells wildcarded, plus a tolerance-wide bucket of one numeric column.
 * Stops at the first result row with no augmenting path unless `complete` (a maximum
 * matching is then left, which under tie labels leaves rows unmatched only in groups that
 * cannot match).
 */
function repair(
  p: RowPairing,
  b: Bound,
  leftovers: number[],
  matchG: Int32Array,
  matchR: Int32Array,
  complete: boolean,
): void {
  const n = p.gold.height;
  const rules = b.rules;
  // Key column: one where every cell on both sides is null or a number (spelled or not), so
  // equal cells fall in the same or a neighbouring tolerance-wide bucket.
  let keyCol = -1;
  if (rules.relTolerance === 0) {
    for (let k = 0; k < b.gc.length && keyCol === -1; k++) {
      const gs = b.gc[k]!.sig;
      const rs = b.rc[k]!.sig;
      if (gs.nNull + gs.nNum + gs.nNumStr === n && rs.nNull + rs.nNum + rs.nNumStr === n) {
        if (gs.nNull < n) keyCol = k;
      }
    }
  }
  // Values within tolerance are at most one bucket apart when a bucket is twice as wide.
  const width = rules.tolerance > 0 ? rules.tolerance * 2 : 1;
  // Dates are exact unless the label or midnight rule lets other spellings answer them.
  const exact = (kind: number) => isExactKind(kind) || (kind === K_DATE && !datesFlexible(rules));
  const coarse = (cols: PreparedColumn[], i: number, shift: number): number => {
    let h = 0;
    for (let k = 0; k < cols.length; k++) {
      const c = cols[k]!;
      h = combine(h, exact(c.kind[i]!) ? c.hash[i]! : WILDCARD);
    }
    if (keyCol >= 0) {
      const c = cols[keyCol]!;
      const x = c.num[i]!;
      const kind = c.kind[i]!;
      const bucket =
        kind === K_NULL
          ? HASH_NULL
          : Number.isFinite(x)
            ? hashNumber(Math.floor(x / width) + shift)
            : hashNumber(x);
      h = combine(h, bucket);
    }
    if (b.labels !== null) h = combine(h, b.labels[i]!);
    return mix32(h);
  };
  const shiftsFor = (r: number): number[] => {
    if (keyCol < 0) return [0];
    const c = b.rc[keyCol]!;
    return c.kind[r] !== K_NULL && Number.isFinite(c.num[r]!) ? [0, -1, 1] : [0];
  };
  const gch = new Int32Array(n);
  for (let i = 0; i < n; i++) gch[i] = coarse(b.gc, i, 0);
  const { head, next, mask } = buildChains(gch);

  const candidates = (r: number): number[] => {
    const out: number[] = [];
    for (const s of shiftsFor(r)) {
      const h = coarse(b.rc, r, s);
      for (let g = head[h & mask]!; g !== -1; g = next[g]!) {
        if (gch[g] === h && rowsEqual(b, g, r)) out.push(g);
      }
    }
    return out;
  };

  const seen = new Int32Array(n);
  let stamp = 0;
  for (const r0 of leftovers) {
    stamp++;
    // Iterative DFS: level t holds a result row, its candidates, and the gold row tried.
    const rows: number[] = [r0];
    const cands: number[][] = [candidates(r0)];
    const pos: number[] = [0];
    const chosen: number[] = [-1];
    let done = false;
    while (rows.length > 0 && !done) {
      const t = rows.length - 1;
      const cs = cands[t]!;
      // Prefer a free gold row at this level before going deeper.
      let free = -1;
      for (const g of cs) {
        if (matchG[g] === -1 && seen[g] !== stamp) {
          free = g;
          break;
        }
      }
      if (free !== -1) {
        chosen[t] = free;
        for (let u = t; u >= 0; u--) {
          const g = chosen[u]!;
          const r = rows[u]!;
          matchG[g] = r;
          matchR[r] = g;
        }
        done = true;
        break;
      }
      let pushed = false;
      while (pos[t]! < cs.length) {
        const g = cs[pos[t]!]!;
        pos[t]!++;
        if (seen[g] === stamp) continue;
        seen[g] = stamp;
        chosen[t] = g;
        const partner = matchG[g]!;
        rows.push(partner);
        cands.push(candidates(partner));
        pos.push(0);
        chosen.push(-1);
        pushed = true;
        break;
      }
      if (!pushed) {
        rows.pop();
        cands.pop();
        pos.pop();
        chosen.pop();
      }
    }
    if (!done && !complete) {
      // Berge: no augmenting path from r0 now means none later; the matching cannot be
      // perfect, so stop early.
      return;
    }
  }
}
