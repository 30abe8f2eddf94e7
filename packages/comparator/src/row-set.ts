/**
 * Set comparison of rows (duplicates and order ignored), as BIRD's `set(pred) == set(gold)`
 * and Defog's de-duplicated frames do it: every gold row occurs among the result rows and
 * every result row among the gold rows.
 */
import { cellsEqual } from './cell-equality.js';
import type { PreparedColumn } from './prepared-table.js';
import { buildChains, type RowPairing, rowHashes } from './row-match.js';

export interface RowSetOutcome {
  readonly ok: boolean;
  /** First gold row with no equal result row, or -1. */
  readonly goldRow: number;
  /** First result row with no equal gold row, or -1. */
  readonly resultRow: number;
}

export function compareRowSets(p: RowPairing): RowSetOutcome {
  const gc = p.goldCols.map((c) => p.gold.cols[c]!);
  const rc = p.resultCols.map((c) => p.result.cols[c]!);
  const gh = rowHashes(gc, p.gold.height);
  const rh = rowHashes(rc, p.result.height);
  const equal = (gi: number, ri: number) => {
    for (let k = 0; k < gc.length; k++) {
      if (!cellsEqual(gc[k]!, gi, rc[k]!, ri, p.rules)) return false;
    }
    return true;
  };
  const tolerant = p.rules.tolerance > 0 || p.rules.relTolerance > 0;
  const goldRow = firstMissing(gh, rh, (probe, cand) => equal(probe, cand), tolerant);
  const resultRow = firstMissing(rh, gh, (probe, cand) => equal(cand, probe), tolerant);
  return { ok: goldRow === -1 && resultRow === -1, goldRow, resultRow };
}

/**
 * First probe row with no equal row on the other side (hash hits are checked by `equal`).
 * Under a tolerance, equal rows can hash apart, so a miss falls back to a scan.
 */
function firstMissing(
  probeHashes: Int32Array,
  otherHashes: Int32Array,
  equal: (probe: number, other: number) => boolean,
  tolerant: boolean,
): number {
  const { head, next, mask } = buildChains(otherHashes);
  for (let i = 0; i < probeHashes.length; i++) {
    const h = probeHashes[i]!;
    let found = false;
    for (let o = head[h & mask]!; o !== -1; o = next[o]!) {
      if (otherHashes[o] === h && equal(i, o)) {
        found = true;
        break;
      }
    }
    for (let o = 0; tolerant && !found && o < otherHashes.length; o++) found = equal(i, o);
    if (!found) return i;
  }
  return -1;
}

/** Row indices of a table's first occurrences of each distinct row (pandas drop_duplicates). */
export function firstOccurrences(
  cols: readonly PreparedColumn[],
  height: number,
  rules: RowPairing['rules'],
): number[] {
  const hashes = rowHashes(cols, height);
  const { head, next, mask } = buildChains(hashes);
  const keep: number[] = [];
  for (let i = 0; i < height; i++) {
    const h = hashes[i]!;
    let duplicate = false;
    // Chains list rows in ascending order: only earlier rows can make row i a duplicate.
    for (let o = head[h & mask]!; o !== -1 && o < i; o = next[o]!) {
      if (hashes[o] !== h) continue;
      let same = true;
      for (let k = 0; k < cols.length && same; k++) {
        same = cellsEqual(cols[k]!, o, cols[k]!, i, rules);
      }
      if (same) {
        duplicate = true;
        break;
      }
    }
    if (!duplicate) keep.push(i);
  }
  return keep;
}
