// A pairs file that cannot be read at all (missing, an unknown extension, CSV quoting that
// never closes, YAML that is not a list). A single bad record is not this: it is a
// PairProblem, reported and left out while the others are read.

export type PairsFileErrorCode = 'PAIRS_READ' | 'PAIRS_FORMAT' | 'PAIRS_SYNTAX';

export class PairsFileError extends Error {
  readonly code: PairsFileErrorCode;
  readonly file: string;
  readonly line: number | undefined;
  /** What is wrong, without the place. */
  readonly problem: string;

  constructor(code: PairsFileErrorCode, problem: string, file: string, line?: number) {
    super(`${line === undefined ? file : `${file}:${line}`}: ${problem}`);
    this.name = 'PairsFileError';
    this.code = code;
    this.file = file;
    this.line = line;
    this.problem = problem;
    // The user's to fix, not a crash: printing it shows the place, not frames.
    this.stack = `${this.name}: ${this.message}`;
  }
}
