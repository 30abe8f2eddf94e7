import type { TieOrder } from './ties.js';

/**
 * What the comparator reads: anything shaped like a result set. Structural on purpose, so
 * a datasource adapter, a suite file or a hand-written literal can be passed as is.
 */
export interface TableLike {
  readonly columns: readonly string[];
  readonly rows: readonly (readonly unknown[])[];
}

/** Options shared by the strict and lenient scores. */
export interface CompareOptions {
  /** Row order counts only when true (a case's `order_matters`). Default false. */
  readonly orderMatters?: boolean;
  /**
   * With orderMatters: the gold's tie groups, so rows its ORDER BY leaves tied may come in
   * any order (a case's `order_ties`). Absent: exact order. compareAny applies it to the
   * first gold only (the alternatives' order is their own).
   */
  readonly ties?: TieOrder;
  /** Absolute numeric tolerance. Default 0.005: gold values are rounded to two decimals. */
  readonly tolerance?: number;
}

export const DEFAULT_TOLERANCE = 0.005;
