/** Why a report could not be made. */
export type ReportErrorCode = 'INVALID_SAVED_REPORT' | 'SUITE_MISMATCH' | 'NO_RUNS' | 'FILE_ERROR';

/**
 * Thrown where no page can be made: a file that is not a report saved by
 * `nl2sql eval run --save` (or is one with a malformed field), a suite that is not the one a
 * run was scored on, no runs at all, or a file that cannot be read or written. `file` and
 * `field` say where (`report.configs[0].cases[12].status`), when there is a where; the
 * message says it too, with the case id when a case run is at fault.
 */
export class ReportError extends Error {
  override readonly name = 'ReportError';
  readonly code: ReportErrorCode;
  readonly file: string | undefined;
  readonly field: string | undefined;

  constructor(
    code: ReportErrorCode,
    message: string,
    where: { readonly file?: string; readonly field?: string } = {},
  ) {
    super(message);
    this.code = code;
    this.file = where.file;
    this.field = where.field;
  }
}
