// The words of a record's format errors. They are published: `nl2sql eval publish` and
// `readRecords` print them, people read them and scripts match them, so they stay as the
// records package has always written them (`is required`, `is not a field of this object`,
// `must be integer, got the string "11"`, `must be null or rate, got ...`).

import { DEFAULT_PHRASING, type IssuePhrasing } from '@nl2sql/format';

const show = (value: unknown): string => JSON.stringify(value) ?? String(value);

/** The value found, as a message ends: `got the string "x"`, `got number 3`, `got null`. */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string')
    return `the string ${show(value.length > 60 ? `${value.slice(0, 57)}...` : value)}`;
  if (typeof value === 'number' && !Number.isInteger(value)) return `the number ${value}`;
  return `${typeof value} ${String(value)}`;
}

export const RECORD_PHRASING: IssuePhrasing = {
  ...DEFAULT_PHRASING,
  required: () => 'is required',
  additionalProperties: () => 'is not a field of this object',
  enum: (allowed, value) =>
    `must be one of ${allowed.map(show).join(', ')}, got ${describeValue(value)}`,
  const: (allowed, value) => `must be ${show(allowed)}, got ${describeValue(value)}`,
  type: (types, value) => `must be ${types.join(' or ')}, got ${describeValue(value)}`,
  union: (branches, value) => `must be ${branches.join(' or ')}, got ${describeValue(value)}`,
  minLength: (limit) =>
    limit === 1 ? 'must not be empty' : `must be at least ${limit} characters long`,
  pattern: (pattern, value) => `must match ${pattern}, got ${show(value)}`,
  minimum: (limit, value) => `must be at least ${limit}, got ${value}`,
  maximum: (limit, value) => `must be at most ${limit}, got ${value}`,
};
