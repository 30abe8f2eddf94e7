// BIRD's clean_abnormal (bird-bench/mini_dev evaluation/evaluation_ves.py): keep the values
// strictly within `sigmas` population standard deviations of the mean. Two deliberate
// differences, recorded in decisions/efficiency-ves.md: when every value is equal (sd 0)
// all are kept (BIRD keeps none and then divides by zero), and the indexes dropped are
// returned so a measurement can say which rounds were outliers.

export interface Trimmed {
  /** The values kept, in input order. */
  kept: number[];
  /** Indexes (into the input) of the values dropped as outliers. */
  dropped: number[];
  /** Mean and population standard deviation of all the values, before trimming. */
  mean: number;
  sd: number;
}

export function trimOutliers(values: readonly number[], sigmas = 3): Trimmed {
  if (values.length === 0) return { kept: [], dropped: [], mean: Number.NaN, sd: Number.NaN };
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const sd = Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / values.length);
  if (sd === 0) return { kept: [...values], dropped: [], mean, sd };
  const kept: number[] = [];
  const dropped: number[] = [];
  values.forEach((v, i) => {
    // |v - mean| < k·sd is BIRD's mean - k·sd < v < mean + k·sd, written so that a tiny sd is
    // not lost to rounding (mean ± 1e-20 is mean, which would drop a value equal to the mean)
    if (Math.abs(v - mean) < sigmas * sd) kept.push(v);
    else dropped.push(i);
  });
  return { kept, dropped, mean, sd };
}
