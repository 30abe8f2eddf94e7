/** Why a records operation could not go on. */
export type RecordErrorCode =
  | 'INVALID_RECORD'
  | 'RECORD_EXISTS'
  | 'MISPLACED_RECORD'
  | 'MISSING_MARKERS'
  | 'INCOMPARABLE_RECORDS'
  | 'FILE_ERROR';

/**
 * Thrown where the program cannot go on: a record file that is not a format 2 record, a
 * write that would replace a record (records are never edited), a README without the
 * results markers, a page or record file that cannot be read or written (`FILE_ERROR`).
 * `file` and `field` say where, when there is a where.
 */
export class RecordError extends Error {
  override readonly name = 'RecordError';
  readonly code: RecordErrorCode;
  readonly file: string | undefined;
  readonly field: string | undefined;

  constructor(
    code: RecordErrorCode,
    message: string,
    where: { readonly file?: string; readonly field?: string } = {},
  ) {
    super(message);
    this.code = code;
    this.file = where.file;
    this.field = where.field;
  }
}
