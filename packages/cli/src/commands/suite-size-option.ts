import type { OptionSpec } from '../command.js';
import { numberFlag } from '../number-flag.js';

/**
 * @nl2sql/suite's SUITE_MAX_BYTES in MiB. Written out because importing the suite package
 * here would load ajv and the plan schema on every `--help`; a test keeps the two equal.
 */
export const DEFAULT_SUITE_MAX_MIB = 128;

/** `--max-suite-mb N`: the suite size limit, for every command that loads a suite. */
export const maxSuiteMbOption: OptionSpec = {
  name: 'max-suite-mb',
  value: 'N',
  parse: numberFlag({ kind: 'integer', expects: 'a whole number of MiB, at least 1', min: 1 }),
  description: `refuse a suite file larger than N MiB before parsing it (default ${DEFAULT_SUITE_MAX_MIB}; reading takes about 10 bytes of memory per byte of suite)`,
};

/** The limit in bytes the flag asks for, or undefined for the default. */
export const suiteMaxBytes = (value: unknown): number | undefined =>
  typeof value === 'number' ? value * 1024 * 1024 : undefined;
