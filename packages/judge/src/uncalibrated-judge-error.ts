// Raised when a run asks for a judge that has not earned trust (spec 001 section 6): no
// record, a record for another judge (model, temperature or prompt version), or a record
// that does not meet the thresholds. `eval run` stops on it before the first case.

export type UncalibratedJudgeErrorCode =
  | 'no_record'
  | 'record_invalid'
  | 'identity_mismatch'
  | 'below_threshold';

export class UncalibratedJudgeError extends Error {
  override readonly name = 'UncalibratedJudgeError';
  readonly code: UncalibratedJudgeErrorCode;
  /**
   * Each reason the record falls short (below_threshold), each problem of a record that is not
   * the format (record_invalid, `file:line: path: message`), else the message alone.
   */
  readonly failures: string[];

  constructor(code: UncalibratedJudgeErrorCode, message: string, failures: string[] = [message]) {
    super(message);
    this.code = code;
    this.failures = failures;
    this.stack = `${this.name}: ${this.message}`;
  }
}
