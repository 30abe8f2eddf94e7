import { approximate, type Decimal, roundsTo } from './decimal.js';

/**
 * A sorted set of exact decimals answering "does any value round to this written number?"
 * in O(log n): a binary search on binary approximations finds the few candidates near the
 * number, and the exact test decides. Checking each number of a long answer against every
 * cell would make the scorer quadratic.
 */
export class ValueIndex {
  private readonly approx: Float64Array;
  private readonly values: readonly Decimal[];

  constructor(values: readonly Decimal[]) {
    const approx: number[] = [];
    const kept: Decimal[] = [];
    const order: number[] = [];
    for (const value of values) {
      const a = approximate(value);
      if (Number.isNaN(a)) continue;
      order.push(approx.length);
      approx.push(a);
      kept.push(value);
    }
    order.sort((x, y) => approx[x]! - approx[y]!);
    this.approx = new Float64Array(order.length);
    const sorted: Decimal[] = new Array(order.length);
    for (let k = 0; k < order.length; k++) {
      this.approx[k] = approx[order[k]!]!;
      sorted[k] = kept[order[k]!]!;
    }
    this.values = sorted;
  }

  get size(): number {
    return this.values.length;
  }

  /**
   * True when some value v satisfies |v - written| <= 10^unitExp / 2. `centre` is the
   * written value's approximation, when the caller already has it.
   */
  hasRoundingTo(written: Decimal, unitExp: number, centre = approximate(written)): boolean {
    const n = this.values.length;
    if (n === 0) return false;
    const half = 0.5 * 10 ** unitExp;
    if (!Number.isFinite(centre) || !Number.isFinite(half)) {
      return this.values.some((value) => roundsTo(value, written, unitExp));
    }
    // Widen by a relative slack so binary rounding never hides a value the exact test accepts.
    const slack = (Math.abs(centre) + half) * 1e-9 + Number.MIN_VALUE;
    const low = centre - half - slack;
    const high = centre + half + slack;
    let lo = 0;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.approx[mid]! < low) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < n && this.approx[i]! <= high; i++) {
      if (roundsTo(this.values[i]!, written, unitExp)) return true;
    }
    return false;
  }
}
