// Where the Chinook judge-calibration set is: labelled pairs of queries over Chinook for
// calibrating an LLM equivalence judge (the format is @nl2sql/judge's). It ships in suites/
// beside the Chinook suite, so the same relative path works from source and from a build.

import { fileURLToPath } from 'node:url';

/** Absolute path of suites/chinook.judge-calibration.yaml (125 labelled pairs). */
export const CHINOOK_CALIBRATION_PATH: string = fileURLToPath(
  new URL('../suites/chinook.judge-calibration.yaml', import.meta.url),
);
