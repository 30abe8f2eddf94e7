// The words of a schema error. Every format reports errors through one formatter
// (schema-issue.ts); what differs is only the wording of a few keywords, and only where a
// format's messages are already published and read by people and scripts (the suite
// loader's). A format passes its phrasing; everything else takes the default.

/** How each kind of schema error is put into words. */
export interface IssuePhrasing {
  /** An object lacks a required key. */
  required(field: string): string;
  /** An object has a key its schema does not list. */
  additionalProperties(field: string, allowed: readonly string[]): string;
  /** A value outside a fixed list. */
  enum(allowed: readonly unknown[], value: unknown): string;
  /** A value other than the one constant allowed. */
  const(allowed: unknown, value: unknown): string;
  /** A value of the wrong JSON type. */
  type(types: readonly string[], value: unknown): string;
  /**
   * A union member names no known kind: `value` is what it holds under `property` (a string
   * that is no kind, another JSON value, or undefined when the key is missing).
   */
  discriminator(property: string, kinds: readonly string[], value: unknown): string;
  /** A key present without the key it needs. */
  dependentRequired(property: string, missing: string): string;
  /** Two equal items in a list that must not repeat (0-based positions). */
  uniqueItems(first: number, second: number): string;
  /** A string shorter than `limit` characters. */
  minLength(limit: number, value: string): string;
  /** A string that does not match `pattern`. */
  pattern(pattern: string, value: string): string;
  /** A number below `limit`. */
  minimum(limit: number, value: number): string;
  /** A number above `limit`. */
  maximum(limit: number, value: number): string;
  /**
   * A value of none of the types of a nullable union (`null` or a schema that is not of one
   * plain type, such as a reference). `branches` names each branch as written: `null`, a
   * referenced definition by its name, anything else by its type. Without it, the schema's
   * own type error stands (`must be object`).
   */
  union?(branches: readonly string[], value: unknown): string;
  /** Any other keyword: ajv's own sentence (`must NOT have fewer than 1 items`). */
  other(keyword: string, message: string): string;
}

/** `null`, `array`, `object`, `string`, `number`, `boolean`: the JSON type of a value. */
export function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

const show = (value: unknown): string => JSON.stringify(value) ?? String(value);

/** The wording of every format without published messages of its own. */
export const DEFAULT_PHRASING: IssuePhrasing = {
  required: (field) => `missing required field '${field}'`,
  additionalProperties: (field, allowed) =>
    `unknown field '${field}' (allowed: ${allowed.join(', ')})`,
  enum: (allowed, value) => `must be one of: ${allowed.map(show).join(', ')}; got ${show(value)}`,
  const: (allowed, value) => `must be ${show(allowed)}; got ${show(value)}`,
  type: (types, value) => `must be ${types.join(' or ')}; got ${jsonTypeOf(value)}`,
  discriminator: (property, kinds, value) =>
    typeof value === 'string'
      ? `unknown ${property} ${show(value)} (expected one of: ${kinds.join(', ')})`
      : `missing or non-string '${property}' (expected one of: ${kinds.join(', ')})`,
  dependentRequired: (property, missing) => `'${property}' needs '${missing}'`,
  uniqueItems: (first, second) => `items ${first} and ${second} are the same`,
  // ajv's own sentences, as every format said them before these keywords had a phrasing.
  minLength: (limit) => `must NOT have fewer than ${limit} characters`,
  pattern: (pattern) => `must match pattern "${pattern}"`,
  minimum: (limit) => `must be >= ${limit}`,
  maximum: (limit) => `must be <= ${limit}`,
  other: (keyword, message) => message || `fails ${keyword}`,
};
