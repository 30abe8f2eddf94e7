/** One field on which two runs differ, with both values as the runs state them. */
export interface RunDifference {
  readonly field: 'mode' | 'suiteDigest' | 'schemaFingerprint' | 'roles' | 'curated' | 'configs';
  readonly baseline: string;
  readonly current: string;
}

/**
 * Thrown by the gate when the baseline and the current run cannot be compared: a flip
 * between runs on different suites, schemas or modes says nothing about the engine.
 */
export class IncomparableRunsError extends Error {
  override readonly name = 'IncomparableRunsError';
  readonly code = 'INCOMPARABLE_RUNS';
  readonly differences: readonly RunDifference[];

  constructor(differences: readonly RunDifference[]) {
    const listed = differences
      .map((d) => `${d.field} (baseline ${d.baseline}, current ${d.current})`)
      .join('; ');
    super(`runs are not comparable: they differ in ${listed}`);
    this.differences = differences;
  }
}
