/**
 * The nearest-rank percentile (p in 0..100) of a list of numbers: always a value that
 * occurred, so a board's p95 is a latency someone waited. 0 for an empty list.
 */
export function percentile(values: readonly number[], p: number): number {
  if (!(p >= 0 && p <= 100)) throw new RangeError(`percentile: p must be 0..100, got ${p}`);
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1] as number;
}
