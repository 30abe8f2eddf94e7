// A suite file that cannot be read. It names the file, line, case and field so a person can
// go straight to the problem; the CLI prints the message alone, so it carries no stack.

/**
 * - SUITE_YAML: not YAML, or YAML a suite may not use (aliases);
 * - SUITE_SCHEMA: YAML, but not the suite format;
 * - SUITE_READ: the file cannot be read (missing, a directory, no permission);
 * - SUITE_TOO_LARGE: the file is over the size limit, refused before parsing.
 */
export type SuiteFormatErrorCode = 'SUITE_YAML' | 'SUITE_SCHEMA' | 'SUITE_READ' | 'SUITE_TOO_LARGE';

export interface SuiteFormatLocation {
  file: string;
  /** 1-based line, when the problem has a place in the file. */
  line?: number;
  /** 1-based column. */
  column?: number;
  caseId?: string;
  /** Field path inside the case (`tags[2]`, `plan.select[0].expr`) or the suite. */
  field?: string;
}

function where(loc: SuiteFormatLocation): string {
  const place = loc.line === undefined ? loc.file : `${loc.file}:${loc.line}`;
  const parts = [place];
  if (loc.caseId !== undefined) parts.push(`case ${loc.caseId}`);
  if (loc.field !== undefined && loc.field !== '') parts.push(`field ${loc.field}`);
  return parts.join(', ');
}

export class SuiteFormatError extends Error {
  readonly code: SuiteFormatErrorCode;
  readonly file: string;
  readonly line: number | undefined;
  readonly column: number | undefined;
  readonly caseId: string | undefined;
  readonly field: string | undefined;
  /** What is wrong, without the location. */
  readonly problem: string;

  constructor(code: SuiteFormatErrorCode, problem: string, loc: SuiteFormatLocation) {
    super(`${where(loc)}: ${problem}`);
    this.name = 'SuiteFormatError';
    this.code = code;
    this.problem = problem;
    this.file = loc.file;
    this.line = loc.line;
    this.column = loc.column;
    this.caseId = loc.caseId;
    this.field = loc.field;
    // A format error is the user's to fix, not a crash: printing it shows the place, not frames.
    this.stack = `${this.name}: ${this.message}`;
  }
}
