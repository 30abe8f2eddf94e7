// Errors where the run cannot go on (a bad option, a journal from another run, shards that
// do not make one run). Scoring failures are never thrown: they are case records with
// status fail or error.
// INTERNAL_ERROR is a bug in the runner (a case run lost or counted twice): the run fails
// rather than print a board that is not the run's.

export type RunnerErrorCode =
  | 'INVALID_OPTIONS'
  | 'INVALID_SUITE'
  | 'NO_COST_CAP'
  | 'NO_CASES'
  | 'UNKNOWN_ROLE'
  | 'UNKNOWN_CASE'
  | 'NO_RETRIEVE'
  | 'NO_DATASOURCE'
  | 'JOURNAL_MISMATCH'
  | 'JOURNAL_CORRUPT'
  | 'JOURNAL_LOCKED'
  | 'JOURNAL_EXISTS'
  | 'JOURNAL_WRITE'
  | 'UNCALIBRATED_JUDGE'
  | 'MISSING_PLUGIN'
  | 'INVALID_SHARD'
  | 'SHARD_MISMATCH'
  | 'INTERNAL_ERROR';

export class RunnerError extends Error {
  override readonly name = 'RunnerError';
  readonly code: RunnerErrorCode;

  constructor(code: RunnerErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}
