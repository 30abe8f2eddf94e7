/**
 * Verdicts are plain, JSON-safe objects: a record can store them and a person can read
 * why a case failed without re-running it.
 */

/** Which comparison produced a verdict: the spec's two scores or a peer policy. */
export type Score = 'strict' | 'lenient' | 'bird' | 'spider' | 'subset';

/** A cell as shown in an explanation: bigints, bytes, dates and NaN become strings. */
export type DisplayValue = string | number | boolean | null;

export interface RowSample {
  /** 0-based row index in its table. */
  readonly index: number;
  readonly values: readonly DisplayValue[];
}

export type ReasonCode =
  | 'row_count'
  | 'column_count'
  | 'column_cap'
  | 'unmatched_gold_column'
  | 'row_mismatch'
  | 'order';

export type Reason =
  | { readonly code: 'row_count'; readonly gold: number; readonly result: number }
  | { readonly code: 'column_count'; readonly gold: number; readonly result: number }
  | {
      readonly code: 'column_cap';
      readonly gold: number;
      readonly result: number;
      readonly cap: number;
    }
  | {
      readonly code: 'unmatched_gold_column';
      /** 0-based gold column index. */
      readonly column: number;
      readonly name: string;
      /** Why no result column could answer it. */
      readonly detail: string;
    }
  | {
      readonly code: 'row_mismatch';
      /** The first gold row left unmatched (null when every gold row found a partner). */
      readonly gold: RowSample | null;
      /** The first result row left unmatched (null when none is). */
      readonly result: RowSample | null;
      /** Lenient/spider only: the column search hit its budget before trying every assignment. */
      readonly searchExhausted?: boolean;
    }
  | {
      readonly code: 'order';
      /**
       * The first position where the rows differ although they match as a multiset; under
       * a tie order, the first row of the first tie group holding other rows than the gold's.
       */
      readonly index: number;
      readonly gold: RowSample;
      readonly result: RowSample;
      /** Under a tie order: the tie group that differs (0-based first row, row count). */
      readonly tieGroup?: { readonly first: number; readonly rows: number };
    };

/**
 * A comparison made under the gold's tie order (ties.ts): how many tie groups, and whether
 * a LIMIT cut through the last one (its first row, the rows the gold shows of it, the rows
 * the whole group has) and the result's rows there were accepted as rows of that group.
 */
export interface TieNote {
  readonly groups: number;
  readonly cut: {
    readonly first: number;
    readonly shown: number;
    readonly of: number;
    readonly accepted: boolean;
  } | null;
}

export interface Verdict {
  readonly score: Score;
  readonly pass: boolean;
  /** Both gold and result have no rows: a pass that rests on nothing. */
  readonly emptyMatch: boolean;
  /**
   * Gold column i was compared with result column mapping[i]. Identity for strict and
   * bird; the assignment found (or, on failure, last tried) for lenient, spider and subset;
   * null when no assignment was reached.
   */
  readonly mapping: readonly number[] | null;
  /** Present exactly when pass is false. */
  readonly reason?: Reason;
  /** Present when row order was compared up to the gold's tie groups (CompareOptions.ties). */
  readonly ties?: TieNote;
}
