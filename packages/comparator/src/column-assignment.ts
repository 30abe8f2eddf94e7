/**
 * Assigns each gold column a distinct result column by search, not first fit: when two
 * result columns hold the same values, only one of them may line up row by row, and a
 * greedy matcher that picks the other fails a right answer. Per-column value signatures
 * and a single-column multiset check prune the candidates; result columns with identical
 * contents are tried once; a Hall check rejects impossible cases before any search.
 */
import { signaturesCompatible } from './cell-equality.js';
import type { PreparedColumn, PreparedTable } from './prepared-table.js';
import { matchRows, type RowMatchOutcome, rowHashes } from './row-match.js';
import { proveRowsMatch } from './row-proof.js';
import { K_NULL, K_NUM } from './value-kind.js';
import type { ValueRules } from './value-rules.js';

export interface AssignmentSearch {
  readonly gold: PreparedTable;
  readonly result: PreparedTable;
  readonly rules: ValueRules;
  readonly orderMatters: boolean;
  /** Lenient: a constant column (all-null included) may not answer a gold column. */
  readonly excludeConstant: boolean;
  /** Upper bound on full row checks; the search reports exhaustion past it. */
  readonly maxLeaves: number;
  /**
   * Try the proof from the source rows (row-proof.ts) before the full row check of an
   * assignment: a proven match is a match, so only the speed of a pass changes.
   */
  readonly tryProof?: boolean;
  /** Ordered up to ties: each row position's tie group (row-match.ts). */
  readonly labels?: Int32Array;
}

export type AssignmentOutcome =
  | { readonly ok: true; readonly mapping: number[] }
  | {
      readonly ok: false;
      readonly code: 'unmatched_gold_column';
      readonly column: number;
      readonly detail: string;
    }
  | {
      readonly ok: false;
      readonly code: 'rows';
      readonly mapping: number[];
      readonly outcome: Exclude<RowMatchOutcome, { ok: true }>;
      readonly exhausted: boolean;
    };

export const DEFAULT_MAX_LEAVES = 5000;

export function isConstantColumn(col: PreparedColumn, height: number, tolerance: number): boolean {
  if (height <= 1) return false;
  if (col.sig.sameHash) return true;
  const s = col.sig;
  // All finite numbers within tolerance of each other also tell the gold column nothing.
  return s.nNum === height && s.nNaN + s.nPosInf + s.nNegInf === 0 && s.max - s.min <= tolerance;
}

export function searchAssignment(s: AssignmentSearch): AssignmentOutcome {
  const { gold, result, rules } = s;
  const g = gold.width;
  const c = result.width;
  const constant = result.cols.map(
    (col) => s.excludeConstant && isConstantColumn(col, result.height, rules.tolerance),
  );
  const signatureMatches = (i: number, j: number): boolean =>
    signaturesCompatible(gold.cols[i]!, result.cols[j]!, rules);
  const valuesMatch = (i: number, j: number): boolean =>
    matchRows({ gold, result, goldCols: [i], resultCols: [j], rules }, false, true).ok;
  const columnMatches = (i: number, j: number): boolean =>
    signatureMatches(i, j) && valuesMatch(i, j);

  // A single-column multiset check costs a pass over the rows, so it runs only where it
  // prunes (several candidates) or, after a failed search, to explain the failure.
  const cands: number[][] = [];
  const verified: boolean[] = [];
  for (let i = 0; i < g; i++) {
    let list: number[] = [];
    for (let j = 0; j < c; j++) if (!constant[j] && signatureMatches(i, j)) list.push(j);
    const several = list.length > 1;
    if (several) list = list.filter((j) => valuesMatch(i, j));
    if (list.length === 0) return unmatched(i, constant, columnMatches);
    cands.push(list);
    verified.push(several);
  }

  const hall = hallViolation(cands, c);
  if (hall) {
    return {
      ok: false,
      code: 'unmatched_gold_column',
      column: hall.column,
      detail: `it competes with gold column(s) ${hall.rivals.join(', ')} for the same result column(s) ${hall.columns.join(', ')}`,
    };
  }

  const group = interchangeableGroups(result, cands);
  const order = Array.from({ length: g }, (_, i) => i).sort(
    (a, b) => cands[a]!.length - cands[b]!.length || a - b,
  );
  const mapping = new Array<number>(g).fill(-1);
  const used = new Uint8Array(c);
  const goldCols = Array.from({ length: g }, (_, i) => i);
  let leaves = 0;
  let firstFailure: { mapping: number[]; outcome: Exclude<RowMatchOutcome, { ok: true }> } | null =
    null;
  let found: number[] | null = null;

  const visit = (depth: number): boolean => {
    if (depth === g) {
      leaves++;
      const proven =
        s.tryProof === true &&
        proveRowsMatch(gold.source, result.source, goldCols, mapping, rules, s.orderMatters);
      const outcome: RowMatchOutcome = proven
        ? { ok: true }
        : matchRows(
            {
              gold,
              result,
              goldCols,
              resultCols: mapping,
              rules,
              ...(s.labels ? { labels: s.labels } : {}),
            },
            s.orderMatters,
          );
      if (outcome.ok) {
        found = mapping.slice();
        return true;
      }
      // "Right rows, wrong order" explains more than a mismatch: keep it if one turns up.
      if (
        firstFailure === null ||
        (outcome.code === 'order' && firstFailure.outcome.code !== 'order')
      ) {
        firstFailure = { mapping: mapping.slice(), outcome };
      }
      return false;
    }
    const i = order[depth]!;
    const triedGroups = new Set<number>();
    for (const j of cands[i]!) {
      if (used[j]) continue;
      // Identical result columns are interchangeable: trying one of them is enough.
      if (triedGroups.has(group[j]!)) continue;
      triedGroups.add(group[j]!);
      used[j] = 1;
      mapping[i] = j;
      const done = visit(depth + 1);
      used[j] = 0;
      mapping[i] = -1;
      if (done || leaves >= s.maxLeaves) return done;
    }
    return false;
  };
  visit(0);
  if (found) return { ok: true, mapping: found };
  const failure = firstFailure as {
    mapping: number[];
    outcome: Exclude<RowMatchOutcome, { ok: true }>;
  } | null;
  if (failure === null) {
    // Unreachable after the Hall check, kept so the outcome is always explained.
    return { ok: false, code: 'unmatched_gold_column', column: 0, detail: 'no assignment exists' };
  }
  // A lone candidate was taken on its signature alone; if its values differ, say so.
  for (let i = 0; i < g; i++) {
    if (!verified[i] && !valuesMatch(i, cands[i]![0]!))
      return unmatched(i, constant, columnMatches);
  }
  return {
    ok: false,
    code: 'rows',
    mapping: failure.mapping,
    outcome: failure.outcome,
    exhausted: leaves >= s.maxLeaves,
  };
}

function unmatched(
  column: number,
  constant: readonly boolean[],
  columnMatches: (i: number, j: number) => boolean,
): AssignmentOutcome {
  const onlyConstant = constant.some((isConst, j) => isConst && columnMatches(column, j));
  return {
    ok: false,
    code: 'unmatched_gold_column',
    column,
    detail: onlyConstant
      ? 'only a constant result column holds its values, and constant columns cannot answer once there is more than one row'
      : 'no result column holds the same values',
  };
}

/** Result columns with identical contents, row by row, share a group id. */
function interchangeableGroups(result: PreparedTable, cands: number[][]): number[] {
  const group = result.cols.map((_, j) => j);
  const involved = [...new Set(cands.flat())].sort((a, b) => a - b);
  if (involved.length < 2) return group;
  const hashes = new Map<number, number[]>();
  for (const j of involved) {
    const h = contentHash(result.cols[j]!, result.height);
    const same = hashes.get(h);
    if (!same) {
      hashes.set(h, [j]);
      continue;
    }
    const twin = same.find((k) => sameContent(result.cols[k]!, result.cols[j]!, result.height));
    if (twin !== undefined) group[j] = group[twin]!;
    else same.push(j);
  }
  return group;
}

function contentHash(col: PreparedColumn, height: number): number {
  const h = rowHashes([col], height);
  let acc = 0;
  for (let i = 0; i < height; i++) acc = (Math.imul(acc, 31) + h[i]!) | 0;
  return acc;
}

function sameContent(a: PreparedColumn, b: PreparedColumn, height: number): boolean {
  for (let i = 0; i < height; i++) {
    if (a.kind[i] !== b.kind[i] || a.hash[i] !== b.hash[i]) return false;
    if (!Object.is(a.num[i], b.num[i])) return false;
    const k = a.kind[i];
    if (k === K_NUM || k === K_NULL) continue;
    const pa = a.payloadAt(i);
    const pb = b.payloadAt(i);
    if (pa !== pb) {
      if (pa instanceof Uint8Array && pb instanceof Uint8Array) {
        if (pa.length !== pb.length || pa.some((x, k) => x !== pb[k])) return false;
      } else {
        return false;
      }
    }
  }
  return true;
}

/**
 * A perfect matching of gold columns into their candidates must exist (Hall). When it does
 * not, name a gold column left out and the rivals that took its only columns.
 */
function hallViolation(
  cands: number[][],
  c: number,
): { column: number; rivals: number[]; columns: number[] } | null {
  const owner = new Int32Array(c).fill(-1);
  const tryAssign = (i: number, seen: Uint8Array): boolean => {
    for (const j of cands[i]!) {
      if (seen[j]) continue;
      seen[j] = 1;
      if (owner[j] === -1 || tryAssign(owner[j]!, seen)) {
        owner[j] = i;
        return true;
      }
    }
    return false;
  };
  for (let i = 0; i < cands.length; i++) {
    if (!tryAssign(i, new Uint8Array(c))) {
      const columns = cands[i]!;
      const rivals = [...new Set(columns.map((j) => owner[j]!).filter((o) => o >= 0))].sort(
        (a, b) => a - b,
      );
      return { column: i, rivals, columns };
    }
  }
  return null;
}
