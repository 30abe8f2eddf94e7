/**
 * A small interpreter for the subset of JSON Schema 2020-12 that `recordSchema` uses:
 * type, const, enum, pattern, minLength, minimum, maximum, required, properties,
 * additionalProperties, items, anyOf, if/then/else and local `$ref`s into `$defs`.
 * Hand-rolled rather than ajv so a reader of records needs no dependency and every error
 * names the field by its path in the file (`scoreboard.cases[3].status`).
 */

/** One way a value breaks its schema: the field's path and what is wrong with it. */
export interface SchemaIssue {
  /** Dotted path from the root, `[i]` for array items; empty for the root itself. */
  readonly field: string;
  readonly message: string;
}

interface Schema {
  readonly type?: string | readonly string[];
  readonly const?: unknown;
  readonly enum?: readonly unknown[];
  readonly pattern?: string;
  readonly minLength?: number;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly required?: readonly string[];
  readonly properties?: { readonly [key: string]: Schema };
  readonly additionalProperties?: boolean | Schema;
  readonly items?: Schema;
  readonly anyOf?: readonly Schema[];
  readonly if?: Schema;
  readonly then?: Schema;
  readonly else?: Schema;
  readonly $ref?: string;
  readonly $defs?: { readonly [key: string]: Schema };
}

/** Checks `value` against `schema` (the root, whose `$defs` resolve `$ref`s); [] when valid. */
export function validateSchema(schema: object, value: unknown): SchemaIssue[] {
  const root = schema as Schema;
  const issues: SchemaIssue[] = [];
  check(root, root, value, '', issues);
  return issues;
}

function check(root: Schema, schema: Schema, value: unknown, path: string, out: SchemaIssue[]) {
  if (schema.$ref !== undefined) check(root, resolve(root, schema.$ref), value, path, out);
  if (schema.type !== undefined) {
    const types = typeof schema.type === 'string' ? [schema.type] : schema.type;
    if (!types.some((t) => hasType(value, t))) {
      out.push({ field: path, message: `must be ${types.join(' or ')}, got ${describe(value)}` });
      return;
    }
  }
  if ('const' in schema && !same(value, schema.const)) {
    out.push({ field: path, message: `must be ${show(schema.const)}, got ${describe(value)}` });
    return;
  }
  if (schema.enum !== undefined && !schema.enum.some((option) => same(value, option))) {
    const options = schema.enum.map(show).join(', ');
    out.push({ field: path, message: `must be one of ${options}, got ${describe(value)}` });
    return;
  }
  if (schema.anyOf !== undefined) checkAnyOf(root, schema.anyOf, value, path, out);
  if (typeof value === 'string') checkString(schema, value, path, out);
  if (typeof value === 'number') checkNumber(schema, value, path, out);
  if (Array.isArray(value) && schema.items !== undefined) {
    const items = schema.items;
    value.forEach((item, i) => {
      check(root, items, item, `${path}[${i}]`, out);
    });
  }
  if (isObject(value)) checkObject(root, schema, value, path, out);
  // Conditional parts last, so an object's own missing or wrong fields are reported first.
  if (schema.if !== undefined) {
    const branch = validates(root, schema.if, value) ? schema.then : schema.else;
    if (branch !== undefined) check(root, branch, value, path, out);
  }
}

function checkString(schema: Schema, value: string, path: string, out: SchemaIssue[]) {
  if (schema.minLength !== undefined && value.length < schema.minLength) {
    out.push({ field: path, message: 'must not be empty' });
  }
  if (schema.pattern !== undefined && !compiled(schema.pattern).test(value)) {
    out.push({ field: path, message: `must match ${schema.pattern}, got ${show(value)}` });
  }
}

function checkNumber(schema: Schema, value: number, path: string, out: SchemaIssue[]) {
  if (schema.minimum !== undefined && value < schema.minimum) {
    out.push({ field: path, message: `must be at least ${schema.minimum}, got ${value}` });
  }
  if (schema.maximum !== undefined && value > schema.maximum) {
    out.push({ field: path, message: `must be at most ${schema.maximum}, got ${value}` });
  }
}

function checkObject(
  root: Schema,
  schema: Schema,
  value: { readonly [key: string]: unknown },
  path: string,
  out: SchemaIssue[],
) {
  for (const key of schema.required ?? []) {
    if (!Object.hasOwn(value, key)) out.push({ field: join(path, key), message: 'is required' });
  }
  const properties = schema.properties ?? {};
  for (const key of Object.keys(value)) {
    const child = value[key];
    const known = Object.hasOwn(properties, key) ? properties[key] : undefined;
    if (known !== undefined) {
      check(root, known, child, join(path, key), out);
    } else if (schema.additionalProperties === false) {
      out.push({ field: join(path, key), message: 'is not a field of this object' });
    } else if (typeof schema.additionalProperties === 'object') {
      check(root, schema.additionalProperties, child, join(path, key), out);
    }
  }
}

// Report the branch that came closest (matched the value's type, fewest issues), so a
// nullable object with a bad field says which field rather than "must be null".
function checkAnyOf(
  root: Schema,
  branches: readonly Schema[],
  value: unknown,
  path: string,
  out: SchemaIssue[],
) {
  let best: SchemaIssue[] | undefined;
  for (const branch of branches) {
    const issues: SchemaIssue[] = [];
    check(root, branch, value, path, issues);
    if (issues.length === 0) return;
    const typeMiss = issues.length === 1 && issues[0]?.field === path;
    if (!typeMiss && (best === undefined || issues.length < best.length)) best = issues;
  }
  if (best !== undefined) {
    out.push(...best);
    return;
  }
  const kinds = branches.map((b) => (b.$ref !== undefined ? b.$ref.split('/').pop() : b.type));
  out.push({ field: path, message: `must be ${kinds.join(' or ')}, got ${describe(value)}` });
}

// Thousands of case records share a handful of patterns; compile each once.
const patterns = new Map<string, RegExp>();
function compiled(pattern: string): RegExp {
  let regex = patterns.get(pattern);
  if (regex === undefined) {
    regex = new RegExp(pattern, 'u');
    patterns.set(pattern, regex);
  }
  return regex;
}

function validates(root: Schema, schema: Schema, value: unknown): boolean {
  const issues: SchemaIssue[] = [];
  check(root, schema, value, '', issues);
  return issues.length === 0;
}

function resolve(root: Schema, ref: string): Schema {
  const name = ref.startsWith('#/$defs/') ? ref.slice('#/$defs/'.length) : undefined;
  const target = name === undefined ? undefined : root.$defs?.[name];
  if (target === undefined) throw new Error(`schema $ref ${ref} does not resolve`);
  return target;
}

function hasType(value: unknown, type: string): boolean {
  switch (type) {
    case 'null':
      return value === null;
    case 'boolean':
      return typeof value === 'boolean';
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isObject(value);
    default:
      throw new Error(`schema type ${type} is not supported`);
  }
}

function isObject(value: unknown): value is { readonly [key: string]: unknown } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function same(a: unknown, b: unknown): boolean {
  return a === b;
}

function join(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}

function show(value: unknown): string {
  return JSON.stringify(value) ?? String(value);
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string')
    return `the string ${show(value.length > 60 ? `${value.slice(0, 57)}...` : value)}`;
  if (typeof value === 'number' && !Number.isInteger(value)) return `the number ${value}`;
  return `${typeof value} ${String(value)}`;
}
