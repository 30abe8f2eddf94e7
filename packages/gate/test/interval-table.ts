import fc from 'fast-check';
// (k, n) pairs for the interval cross-checks: the spec's counts, both edges, small suites,
// lopsided and balanced proportions, and large n. Written out, not generated, so a reader
// can see what is covered.
export const INTERVAL_PAIRS: readonly (readonly [k: number, n: number])[] = [
  [0, 1],
  [1, 1],
  [0, 2],
  [1, 2],
  [2, 2],
  [0, 3],
  [1, 3],
  [3, 3],
  [0, 5],
  [1, 5],
  [2, 5],
  [4, 5],
  [5, 5],
  [0, 10],
  [1, 10],
  [3, 10],
  [5, 10],
  [9, 10],
  [10, 10],
  [0, 20],
  [7, 20],
  [19, 20],
  [20, 20],
  [27, 47],
  [0, 47],
  [1, 47],
  [46, 47],
  [47, 47],
  [43, 43],
  [39, 43],
  [12, 50],
  [25, 50],
  [49, 50],
  [90, 138],
  [152, 221],
  [170, 221],
  [1, 100],
  [50, 100],
  [99, 100],
  [0, 100],
  [100, 100],
  [3, 250],
  [125, 250],
  [247, 250],
  [333, 500],
  [1, 1000],
  [500, 1000],
  [999, 1000],
  [0, 1000],
  [1000, 1000],
  [37, 1500],
  [2718, 5000],
  [4999, 5000],
  [9500, 10000],
  [10, 10000],
  [0, 10000],
  [10000, 10000],
  [31415, 50000],
];

/** Every pair at 95%, a third of them also at 90% and another third at 99%. */
export const INTERVAL_CASES: readonly (readonly [k: number, n: number, level: number])[] = [
  ...INTERVAL_PAIRS.map(([k, n]) => [k, n, 0.95] as const),
  ...INTERVAL_PAIRS.filter((_, i) => i % 3 === 0).map(([k, n]) => [k, n, 0.9] as const),
  ...INTERVAL_PAIRS.filter((_, i) => i % 3 === 1).map(([k, n]) => [k, n, 0.99] as const),
];

/** Arbitrary (k, n) with 0 <= k <= n <= 10,000. */
export const countsArb = fc
  .integer({ min: 1, max: 10_000 })
  .chain((n) => fc.tuple(fc.integer({ min: 0, max: n }), fc.constant(n)));

/** Arbitrary confidence level in the range boards use. */
export const levelArb = fc.double({ min: 0.5, max: 0.999, noNaN: true });
