// A calibration set that cannot be used: it names the file, the line, the pair and the field,
// and prints without a stack (it is the user's to fix, not a crash).

/**
 * - CALIBRATION_READ: the file cannot be read;
 * - CALIBRATION_YAML: not YAML, or YAML the format does not allow (aliases);
 * - CALIBRATION_SCHEMA: YAML, but not the calibration-set format;
 * - CALIBRATION_INVALID: well-formed, but inconsistent (a repeated id, a witness on an
 *   equivalent pair).
 */
export type CalibrationSetErrorCode =
  | 'CALIBRATION_READ'
  | 'CALIBRATION_YAML'
  | 'CALIBRATION_SCHEMA'
  | 'CALIBRATION_INVALID';

export interface CalibrationSetLocation {
  file: string;
  line?: number;
  pairId?: string;
  field?: string;
}

export class CalibrationSetError extends Error {
  override readonly name = 'CalibrationSetError';
  readonly code: CalibrationSetErrorCode;
  readonly file: string;
  readonly line: number | undefined;
  readonly pairId: string | undefined;
  readonly field: string | undefined;
  /** What is wrong, without the place. */
  readonly problem: string;

  constructor(code: CalibrationSetErrorCode, problem: string, loc: CalibrationSetLocation) {
    const parts = [loc.line === undefined ? loc.file : `${loc.file}:${loc.line}`];
    if (loc.pairId !== undefined) parts.push(`pair ${loc.pairId}`);
    if (loc.field !== undefined && loc.field !== '') parts.push(`field ${loc.field}`);
    super(`${parts.join(', ')}: ${problem}`);
    this.code = code;
    this.problem = problem;
    this.file = loc.file;
    this.line = loc.line;
    this.pairId = loc.pairId;
    this.field = loc.field;
    this.stack = `${this.name}: ${this.message}`;
  }
}
