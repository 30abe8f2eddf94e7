// Where the Chinook suite file is. It ships in this package's suites/ folder, beside src/ and
// dist/, so the same relative path works from source and from a build.

import { fileURLToPath } from 'node:url';

/** Absolute path of suites/chinook.yaml (the Chinook eval suite). */
export const CHINOOK_SUITE_PATH: string = fileURLToPath(
  new URL('../suites/chinook.yaml', import.meta.url),
);

/**
 * Absolute path of suites/chinook-clarify.yaml: ambiguous Chinook questions whose every role
 * expects a clarifying question (a suite of its own, so chinook.yaml's digest is unchanged).
 */
export const CHINOOK_CLARIFY_SUITE_PATH: string = fileURLToPath(
  new URL('../suites/chinook-clarify.yaml', import.meta.url),
);
