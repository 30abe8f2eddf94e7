// A predictions file that cannot be scored: unreadable, not the layout it claims, or with
// records that name no case of the suite. Every problem is located (`file:line`), and the
// file is refused whole: scoring the readable part would score another set of answers than
// the one the user handed in.

export type PredictionsFileErrorCode =
  | 'PREDICTIONS_READ'
  | 'PREDICTIONS_LAYOUT'
  | 'PREDICTIONS_INVALID';

/** One located problem of a predictions file. */
export interface PredictionProblem {
  readonly file: string;
  /** 1-based line the record starts on; absent for the file as a whole. */
  readonly line?: number;
  /** What is wrong, without the place. */
  readonly problem: string;
}

/** How many problems the message lists before it counts the rest. */
const LISTED = 20;

function placed(p: PredictionProblem): string {
  return `${p.line === undefined ? p.file : `${p.file}:${p.line}`}: ${p.problem}`;
}

export class PredictionsFileError extends Error {
  readonly code: PredictionsFileErrorCode;
  readonly problems: readonly PredictionProblem[];

  constructor(code: PredictionsFileErrorCode, problems: readonly PredictionProblem[]) {
    const shown = problems.slice(0, LISTED).map(placed);
    const more = problems.length - shown.length;
    super([...shown, ...(more > 0 ? [`... and ${more} more problem(s)`] : [])].join('\n'));
    this.name = 'PredictionsFileError';
    this.code = code;
    this.problems = problems;
    // The user's to fix, not a crash: printing it shows the places, not frames.
    this.stack = `${this.name}: ${this.message}`;
  }
}
