// The option-table parser of every numeric flag: @nl2sql/evaluate's strict reading of a
// number (plain digits only; out of range exit 2, above a tool limit exit 3).

import { type NumberRule, parseNumber } from '@nl2sql/evaluate/options';
import type { FlagParser } from './command.js';

export { type NumberRule, parseNumber } from '@nl2sql/evaluate/options';

/** The option-table parser for a numeric flag. */
export const numberFlag =
  (rule: NumberRule): FlagParser =>
  (text, flag) =>
    parseNumber(text, rule, flag);
