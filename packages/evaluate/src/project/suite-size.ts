/**
 * @nl2sql/suite's SUITE_MAX_BYTES in MiB. Written out because importing the suite package
 * here would load ajv and the plan schema on every `--help`; a test keeps the two equal.
 */
export const DEFAULT_SUITE_MAX_MIB = 128;

/** The limit in bytes `maxSuiteMb` asks for, or undefined for the default. */
export const suiteMaxBytes = (value: unknown): number | undefined =>
  typeof value === 'number' ? value * 1024 * 1024 : undefined;
