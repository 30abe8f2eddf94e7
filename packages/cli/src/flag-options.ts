// Flags -> options: a command's parsed flags as @nl2sql/evaluate's options, each flag's
// long name camelCased (`--max-cost` is `maxCost`, `--reporter` is `reporters`). The option
// table has already parsed and range-checked every value; evaluate checks them again.

import { optionName } from '@nl2sql/evaluate/options';
import type { Flags } from './command.js';

/** `flags` keyed as evaluate's options (`T` is the options type the command passes them as). */
export function flagOptions<T>(flags: Flags): T {
  return Object.fromEntries(
    Object.entries(flags).map(([flag, value]) => [optionName(flag), value]),
  ) as T;
}
