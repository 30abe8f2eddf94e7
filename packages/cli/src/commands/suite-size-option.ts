import { DEFAULT_SUITE_MAX_MIB } from '@nl2sql/evaluate/options';
import type { OptionSpec } from '../command.js';
import { numberFlag } from '../number-flag.js';

export { DEFAULT_SUITE_MAX_MIB, suiteMaxBytes } from '@nl2sql/evaluate/options';

/** `--max-suite-mb N`: the suite size limit, for every command that loads a suite. */
export const maxSuiteMbOption: OptionSpec = {
  name: 'max-suite-mb',
  value: 'N',
  parse: numberFlag({ kind: 'integer', expects: 'a whole number of MiB, at least 1', min: 1 }),
  description: `refuse a suite file larger than N MiB before parsing it (default ${DEFAULT_SUITE_MAX_MIB}; reading takes about 10 bytes of memory per byte of suite)`,
};
