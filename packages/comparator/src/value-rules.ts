/**
 * How two values are judged equal. The spec's scores and each peer policy differ only here.
 */
export interface ValueRules {
  /** Absolute tolerance for numbers. */
  readonly tolerance: number;
  /** Relative tolerance (pandas-style, against the result value); 0 for the spec's scores. */
  readonly relTolerance: number;
  /** A string that spells a number equals that number (never another spelling). */
  readonly numericStrings: boolean;
  /** Lenient's date/period label rule, gold side shorter. */
  readonly dateLabels: boolean;
}

export function specRules(tolerance: number, dateLabels: boolean): ValueRules {
  return { tolerance, relTolerance: 0, numericStrings: true, dateLabels };
}

/** Python equality as BIRD's and Spider's scripts apply it to tuples: exact, 1 == 1.0 == True. */
export const PYTHON_RULES: ValueRules = {
  tolerance: 0,
  relTolerance: 0,
  numericStrings: false,
  dateLabels: false,
};

/** pandas assert_series_equal/assert_frame_equal defaults (rtol 1e-5, atol 1e-8), as Defog uses them. */
export const PANDAS_RULES: ValueRules = {
  tolerance: 1e-8,
  relTolerance: 1e-5,
  numericStrings: false,
  dateLabels: false,
};
