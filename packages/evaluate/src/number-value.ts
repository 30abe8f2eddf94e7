// One strict reading of a number for every numeric option. Only plain decimal digits are
// numbers here: `Number()` reads '' as 0, '0x10' as 16 and '1e3' as 1000, and a dollar cap
// or a pass count silently read that way is worse than a refusal. A malformed or
// out-of-range value is a usage error (exit 2); a value above a limit the tool sets for a
// resource (passes) is a configuration error (exit 3), saying why the limit exists.

import { configError, usageError } from './evaluate-error.js';

export interface NumberRule {
  kind: 'integer' | 'decimal';
  /** What a valid value is, for messages: `a positive number of dollars`. */
  expects: string;
  min?: number;
  /** `min` itself is not allowed (a positive number: min 0, exclusive). */
  minExclusive?: boolean;
  max?: number;
  maxExclusive?: boolean;
  /** A ceiling the tool sets, not the value's domain: above it is exit 3 with `why`. */
  limit?: { max: number; why: string };
}

const INTEGER = /^[0-9]+$/;
const DECIMAL = /^[0-9]+(\.[0-9]+)?$/;

/** The value of `text` under `rule`, or an EvaluateError naming `flag`. */
export function parseNumber(text: string, rule: NumberRule, flag: string): number {
  const shape = rule.kind === 'integer' ? INTEGER : DECIMAL;
  const shown = JSON.stringify(text);
  if (!shape.test(text)) {
    // A sign is well formed but out of range: say what is expected, not how to write it.
    const signed = /^[-+]/.test(text) && shape.test(text.slice(1));
    const how = rule.kind === 'integer' ? 'plain digits, like 3' : 'plain digits, like 10 or 2.5';
    throw usageError(`${flag} must be ${rule.expects}, got ${shown}${signed ? '' : ` (${how})`}`);
  }
  const value = Number(text);
  const tooBig = rule.kind === 'integer' ? !Number.isSafeInteger(value) : !Number.isFinite(value);
  if (tooBig) throw usageError(`${flag} must be ${rule.expects}, got ${shown} (too large)`);
  const belowMin =
    rule.min !== undefined && (rule.minExclusive ? value <= rule.min : value < rule.min);
  const aboveMax =
    rule.max !== undefined && (rule.maxExclusive ? value >= rule.max : value > rule.max);
  if (belowMin || aboveMax) throw usageError(`${flag} must be ${rule.expects}, got ${shown}`);
  if (rule.limit && value > rule.limit.max)
    throw configError(
      `${flag} ${text} is above the maximum of ${rule.limit.max}: ${rule.limit.why}`,
    );
  return value;
}
