/** Thrown only for misuse the caller must fix (bad options, no gold); never for odd values. */
export type ComparatorErrorCode =
  | 'invalid_tolerance'
  | 'invalid_ties'
  | 'no_gold'
  | 'unknown_policy';

export class ComparatorError extends Error {
  readonly code: ComparatorErrorCode;
  constructor(code: ComparatorErrorCode, message: string) {
    super(message);
    this.name = 'ComparatorError';
    this.code = code;
  }
}
