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
  /** Lenient's midnight rule: a day equals a midnight timestamp of that day, either side. */
  readonly midnightDates: boolean;
}

/** The spec's rules; `lenient` turns on the two date rules (labels, midnight). */
export function specRules(tolerance: number, lenient: boolean): ValueRules {
  return {
    tolerance,
    relTolerance: 0,
    numericStrings: true,
    dateLabels: lenient,
    midnightDates: lenient,
  };
}

/** Date strings are compared by more than their text (the label or the midnight rule). */
export function datesFlexible(rules: ValueRules): boolean {
  return rules.dateLabels || rules.midnightDates;
}

/** Python equality as BIRD's and Spider's scripts apply it to tuples: exact, 1 == 1.0 == True. */
export const PYTHON_RULES: ValueRules = {
  tolerance: 0,
  relTolerance: 0,
  numericStrings: false,
  dateLabels: false,
  midnightDates: false,
};

/** pandas assert_series_equal/assert_frame_equal defaults (rtol 1e-5, atol 1e-8), as Defog uses them. */
export const PANDAS_RULES: ValueRules = {
  tolerance: 1e-8,
  relTolerance: 1e-5,
  numericStrings: false,
  dateLabels: false,
  midnightDates: false,
};
