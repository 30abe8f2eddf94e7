/**
 * Order up to the order the gold's ORDER BY determines (decisions/order-ties.md): rows whose
 * ORDER BY keys are equal in the gold (a tie group) may come in any order, groups must come
 * in the gold's order. When a LIMIT cuts through the last group, any rows of that full
 * group are accepted there. The groups are found by the database (the suite records them);
 * this file only reads them.
 */
import { valuesEqual } from './cell-equality.js';
import { ComparatorError } from './comparator-error.js';
import type { TableLike } from './table.js';
import type { ValueRules } from './value-rules.js';
import type { TieNote } from './verdict.js';

/** Which runs of gold rows the gold's ORDER BY leaves tied. */
export interface TieOrder {
  /**
   * Lengths of the runs of gold rows whose ORDER BY keys are equal, in gold row order; they
   * sum to the gold's row count. A run of 1 is a row the ORDER BY places exactly.
   */
  readonly groups: readonly number[];
  /**
   * When a LIMIT cuts through the last group: every row of that whole tie group (the gold's
   * own among them), as the gold's select list shows them.
   */
  readonly boundaryRows?: readonly (readonly unknown[])[];
}

/** The tie order of one comparison: a label per row position and, for a cut, the gold used. */
export interface TiePlan {
  /** Group number of each row position (gold row i and result row i alike). */
  readonly labels: Int32Array;
  /** The gold to compare with: the gold's rows, or its boundary replaced by the result's. */
  readonly gold: TableLike;
  readonly note: TieNote;
}

/** Work budget (cell comparisons) for pairing the result's boundary rows with the group's. */
const BOUNDARY_BUDGET = 5_000_000;

function invalid(message: string): never {
  throw new ComparatorError('invalid_ties', `comparator: ties: ${message}`);
}

/**
 * The plan for comparing `result` with `gold` under `ties`, or null when the tie order
 * says nothing exact order does not (no ties given, order not compared, every group one
 * row and no cut). Throws ComparatorError when the groups do not describe the gold's rows.
 */
export function planTies(
  gold: TableLike,
  result: TableLike,
  ties: TieOrder | undefined,
  orderMatters: boolean,
  rules: ValueRules,
): TiePlan | null {
  if (ties === undefined || !orderMatters) return null;
  const goldRows: readonly (readonly unknown[])[] = Array.isArray(gold?.rows) ? gold.rows : [];
  const groups = ties.groups;
  if (!Array.isArray(groups)) invalid('groups must be a list of run lengths');
  let total = 0;
  for (const g of groups) {
    if (!Number.isInteger(g) || g < 1) invalid(`group length ${String(g)} is not an integer >= 1`);
    total += g;
  }
  if (total !== goldRows.length) {
    invalid(`the groups cover ${total} rows, the gold has ${goldRows.length}`);
  }
  const last = groups.length > 0 ? groups[groups.length - 1]! : 0;
  const boundary = ties.boundaryRows;
  if (boundary !== undefined && (!Array.isArray(boundary) || boundary.length < last)) {
    invalid(`the boundary group lists fewer rows than the ${last} the gold shows of it`);
  }
  const cut = boundary !== undefined && boundary.length > last;
  if (!cut && groups.every((g) => g === 1)) return null;
  const labels = new Int32Array(goldRows.length);
  let at = 0;
  groups.forEach((g, k) => {
    labels.fill(k, at, at + g);
    at += g;
  });
  const note: TieNote = {
    groups: groups.length,
    cut: cut
      ? { first: goldRows.length - last, shown: last, of: boundary!.length, accepted: false }
      : null,
  };
  if (!cut) return { labels, gold, note };
  const resultRows: readonly unknown[] = Array.isArray(result?.rows) ? result.rows : [];
  const first = goldRows.length - last;
  if (resultRows.length !== goldRows.length) return { labels, gold, note };
  const picked = pickBoundary(resultRows.slice(first), boundary!, rules);
  if (picked === null) return { labels, gold, note };
  // The result's boundary rows are rows of the tie group: they stand in for the gold's own.
  const rows = [...goldRows.slice(0, first), ...picked];
  return {
    labels,
    gold: { columns: gold.columns, rows },
    note: { ...note, cut: { ...note.cut!, accepted: true } },
  };
}

/**
 * For each result row, a distinct row of the tie group equal to it (a bipartite matching,
 * identical rows first), in the result's order; null when some result row has none.
 */
function pickBoundary(
  rows: readonly unknown[],
  group: readonly (readonly unknown[])[],
  rules: ValueRules,
): (readonly unknown[])[] | null {
  let work = 0;
  const equal = (r: unknown, g: readonly unknown[]): boolean => {
    if (!Array.isArray(r) || !Array.isArray(g) || r.length !== g.length) return false;
    work += r.length;
    for (let c = 0; c < r.length; c++) if (!valuesEqual(g[c], r[c], rules)) return false;
    return true;
  };
  const owner = new Int32Array(group.length).fill(-1); // group row -> result row
  const partner = new Int32Array(rows.length).fill(-1); // result row -> group row
  const byText = new Map<string, number[]>();
  group.forEach((g, j) => {
    const key = textKey(g);
    const list = byText.get(key);
    if (list) list.push(j);
    else byText.set(key, [j]);
  });
  const left: number[] = [];
  rows.forEach((r, i) => {
    const list = byText.get(textKey(r));
    const j = list?.find((x) => owner[x] === -1 && equal(r, group[x]!));
    if (j === undefined) left.push(i);
    else {
      owner[j] = i;
      partner[i] = j;
    }
  });
  // Rows equal only within tolerance: augmenting paths (Kuhn), within a work budget.
  const seen = new Int32Array(group.length);
  let stamp = 0;
  const augment = (i: number): boolean => {
    for (let j = 0; j < group.length; j++) {
      if (work > BOUNDARY_BUDGET) return false;
      if (seen[j] === stamp || !equal(rows[i], group[j]!)) continue;
      seen[j] = stamp;
      if (owner[j] === -1 || augment(owner[j]!)) {
        owner[j] = i;
        partner[i] = j;
        return true;
      }
    }
    return false;
  };
  for (const i of left) {
    stamp++;
    if (!augment(i)) return null;
  }
  return Array.from(partner, (j) => group[j]!);
}

function textKey(row: unknown): string {
  if (!Array.isArray(row)) return '';
  return row
    .map((v) => (typeof v === 'bigint' ? `${v}n` : `${typeof v}:${String(v)}`))
    .join('\u0000');
}
