/**
 * A deliberately simple reference for the value and row rules documented in the README
 * and decisions/comparator-tolerance-and-lenient-rules.md, written from the prose, not
 * from src/: cell by cell, every gold row against every result row, and a bipartite
 * matching by augmenting paths (Kuhn). Slow, obvious, and for small tables only.
 *
 * Scope: nulls, numbers, booleans, strings (spelled numbers and dates included). Bigints,
 * bytes and Date objects are left out: tests that use this reference do not generate them.
 */
import type { TableLike } from '../src/index.js';

type Read =
  | { kind: 'null' }
  | { kind: 'number'; x: number }
  | { kind: 'string'; s: string; spelled: number | null };

const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const SPECIAL: Record<string, number> = {
  NaN: Number.NaN,
  Infinity: Number.POSITIVE_INFINITY,
  '+Infinity': Number.POSITIVE_INFINITY,
  '-Infinity': Number.NEGATIVE_INFINITY,
};

function read(v: unknown): Read {
  if (v === null || v === undefined) return { kind: 'null' };
  if (typeof v === 'boolean') return { kind: 'number', x: v ? 1 : 0 };
  if (typeof v === 'number') return { kind: 'number', x: v };
  if (typeof v === 'string') {
    const spelled = v in SPECIAL ? SPECIAL[v]! : DECIMAL.test(v) ? Number(v) : null;
    return { kind: 'string', s: v, spelled };
  }
  throw new Error(`reference: no rule for ${typeof v}`);
}

/** Within tolerance, inclusive, with the few ulps of slack the rules allow; NaN equals NaN. */
function numbersEqual(x: number, y: number, tolerance: number): boolean {
  if (Number.isNaN(x) || Number.isNaN(y)) return Number.isNaN(x) && Number.isNaN(y);
  if (x === y) return true;
  if (!Number.isFinite(x) || !Number.isFinite(y)) return false;
  const slack = 8 * Number.EPSILON * Math.max(Math.abs(x), Math.abs(y));
  return Math.abs(x - y) <= tolerance + slack;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const LABEL = /^\d{4}(-\d{2}(-\d{2})?)?$/;
const DATE = /^\d{4}-\d{2}-\d{2}/;
const MIDNIGHT = /^(\d{4}-\d{2}-\d{2})[ T]00:00(:00(\.0+)?)?(Z|[+-]00(:?00)?)?$/;

/** The day a string names when it is a day or a midnight timestamp of one, else null. */
function calendarDay(s: string): string | null {
  if (DAY.test(s)) return s;
  return MIDNIGHT.exec(s)?.[1] ?? null;
}

/** Lenient's date rules: the gold label starting a result date at a component boundary; midnight. */
function datesEqual(gold: string, result: string): boolean {
  if (LABEL.test(gold) && DATE.test(result) && result.startsWith(gold)) {
    const next = result.charAt(gold.length);
    if (next === '-' || next === ' ' || next === 'T') return true;
  }
  const a = calendarDay(gold);
  return a !== null && a === calendarDay(result);
}

/** One gold cell against one result cell. */
export function referenceCellsEqual(
  gold: unknown,
  result: unknown,
  tolerance: number,
  lenient: boolean,
): boolean {
  const a = read(gold);
  const b = read(result);
  if (a.kind === 'null' || b.kind === 'null') return a.kind === b.kind;
  if (a.kind === 'string' && b.kind === 'string') {
    return a.s === b.s || (lenient && datesEqual(a.s, b.s));
  }
  if (a.kind === 'number' && b.kind === 'number') return numbersEqual(a.x, b.x, tolerance);
  const spelled = a.kind === 'string' ? a.spelled : (b as { spelled: number | null }).spelled;
  const x = a.kind === 'number' ? a.x : (b as { x: number }).x;
  return spelled !== null && numbersEqual(spelled, x, tolerance);
}

/** Gold row against result row, gold column k compared with result column cols[k]. */
function rowsEqual(
  g: readonly unknown[],
  r: readonly unknown[],
  cols: readonly number[],
  tolerance: number,
  lenient: boolean,
): boolean {
  return cols.every((j, k) => referenceCellsEqual(g[k], r[j], tolerance, lenient));
}

/** Whether every gold row can be paired with a distinct equal result row (Kuhn's matching). */
function perfectMatching(
  gold: readonly (readonly unknown[])[],
  result: readonly (readonly unknown[])[],
  cols: readonly number[],
  tolerance: number,
  lenient: boolean,
): boolean {
  const owner = new Array<number>(result.length).fill(-1);
  const tryRow = (i: number, seen: boolean[]): boolean => {
    for (let j = 0; j < result.length; j++) {
      if (seen[j] || !rowsEqual(gold[i]!, result[j]!, cols, tolerance, lenient)) continue;
      seen[j] = true;
      if (owner[j] === -1 || tryRow(owner[j]!, seen)) {
        owner[j] = i;
        return true;
      }
    }
    return false;
  };
  return gold.every((_, i) => tryRow(i, new Array<boolean>(result.length).fill(false)));
}

function fill(t: TableLike): unknown[][] {
  return t.rows.map((row) => t.columns.map((_, j) => row[j]));
}

/** Strict: same width, same height, rows equal as a multiset (or in order), column names ignored. */
export function referenceStrict(
  gold: TableLike,
  result: TableLike,
  tolerance: number,
  orderMatters: boolean,
): boolean {
  if (gold.rows.length === 0 && result.rows.length === 0) return true;
  const w = gold.columns.length;
  if (w !== result.columns.length || gold.rows.length !== result.rows.length) return false;
  const g = fill(gold);
  const r = fill(result);
  const cols = Array.from({ length: w }, (_, j) => j);
  if (orderMatters) return g.every((row, i) => rowsEqual(row, r[i]!, cols, tolerance, false));
  return perfectMatching(g, r, cols, tolerance, false);
}

/**
 * Lenient for a result of the gold's width (no extra columns, so neither the column cap nor
 * the constant rule applies): some order of the result's columns makes the rows equal
 * under the lenient cell rules; strict's pass counts too.
 */
export function referenceLenientSameWidth(
  gold: TableLike,
  result: TableLike,
  tolerance: number,
): boolean {
  if (referenceStrict(gold, result, tolerance, false)) return true;
  const w = gold.columns.length;
  if (w !== result.columns.length || gold.rows.length !== result.rows.length) return false;
  const g = fill(gold);
  const r = fill(result);
  const perms = (rest: number[]): number[][] =>
    rest.length === 0
      ? [[]]
      : rest.flatMap((j) => perms(rest.filter((x) => x !== j)).map((p) => [j, ...p]));
  return perms(Array.from({ length: w }, (_, j) => j)).some((cols) =>
    perfectMatching(g, r, cols, tolerance, true),
  );
}
