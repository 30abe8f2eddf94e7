// What ajv compiles: a copy of a published document, the same language, spelled so ajv
// reports one precise error instead of one per union branch. Published documents use anyOf
// (what structured-output APIs accept); here
// - an anyOf of objects told apart by one constant property (`kind`) becomes oneOf with
//   ajv's `discriminator`, so only the branch the value names is checked;
// - an anyOf of bare types (`string`, `number`, `null`) becomes one `type` list;
// - an anyOf of a schema and null becomes one `type` list when the schema is of one plain
//   type (`string` with a minLength, `array` with items), else if-null-else-schema, so a
//   wrong non-null value is reported against the schema, not as "must be null": the closest
//   branch. The if node remembers the branches' names, for a value of neither type.

import type { JsonSchema } from './json-schema.js';

function localDefinition(document: JsonSchema, schema: unknown): JsonSchema | undefined {
  if (schema === null || typeof schema !== 'object') return undefined;
  const ref = (schema as JsonSchema).$ref;
  if (typeof ref !== 'string') return schema as JsonSchema;
  if (!ref.startsWith('#/$defs/')) return undefined;
  const defs = document.$defs as Record<string, JsonSchema> | undefined;
  return defs?.[ref.slice('#/$defs/'.length)];
}

/** The single constant a property must hold, if it is spelled as one. */
function constantOf(schema: unknown): unknown {
  if (schema === null || typeof schema !== 'object') return undefined;
  const node = schema as JsonSchema;
  if ('const' in node) return node.const;
  if (Array.isArray(node.enum) && node.enum.length === 1) return node.enum[0];
  return undefined;
}

/**
 * The property that tells the branches apart: present and required in every branch, a
 * different string constant in each. Undefined when the union is not discriminated.
 */
export function discriminatorOf(document: JsonSchema, branches: readonly unknown[]) {
  const objects = branches.map((b) => localDefinition(document, b));
  if (objects.length < 2 || objects.some((o) => o?.type !== 'object')) return undefined;
  const first = objects[0]?.properties as Record<string, unknown> | undefined;
  for (const name of Object.keys(first ?? {})) {
    const values = objects.map((o) => {
      const required = (o?.required as string[] | undefined) ?? [];
      const properties = o?.properties as Record<string, unknown> | undefined;
      return required.includes(name) ? constantOf(properties?.[name]) : undefined;
    });
    if (values.every((v) => typeof v === 'string') && new Set(values).size === values.length) {
      return { propertyName: name, values: values as string[] };
    }
  }
  return undefined;
}

// The values each discriminated union accepts, in branch order, for error messages: ajv's
// discriminator error names only the property and the value it found.
const unionKinds = new WeakMap<object, readonly string[]>();

/** The kinds a discriminated union of a validation schema accepts (its `oneOf` node). */
export function kindsOfUnion(union: unknown): readonly string[] {
  return union !== null && typeof union === 'object' ? (unionKinds.get(union) ?? []) : [];
}

// The branches of each nullable union spelled as if-null-else, by name, in written order.
const nullableUnions = new WeakMap<object, readonly string[]>();

/**
 * The branches of a nullable union of a validation schema (its if-null-else node), each named
 * as written: `null`, a local reference by its definition's name, anything else by its type.
 * Undefined for any other node.
 */
export function nullableUnionBranches(node: unknown): readonly string[] | undefined {
  return node !== null && typeof node === 'object' ? nullableUnions.get(node) : undefined;
}

function branchName(schema: unknown): string {
  const node = (schema ?? {}) as JsonSchema;
  if (typeof node.$ref === 'string') return node.$ref.slice(node.$ref.lastIndexOf('/') + 1);
  return Array.isArray(node.type) ? node.type.join(' or ') : String(node.type ?? 'schema');
}

function isBareType(schema: unknown): boolean {
  if (schema === null || typeof schema !== 'object') return false;
  const keys = Object.keys(schema);
  return keys.length === 1 && typeof (schema as JsonSchema).type === 'string';
}

/** A schema of one JSON type whose keywords all ignore null (no enum, const, ref or union). */
function isPlainTyped(schema: JsonSchema): boolean {
  return (
    typeof schema.type === 'string' &&
    schema.type !== 'null' &&
    !['enum', 'const', '$ref', 'anyOf', 'oneOf', 'allOf', 'not', 'if'].some((k) => k in schema)
  );
}

function transform(document: JsonSchema, node: unknown): unknown {
  if (Array.isArray(node)) return node.map((n) => transform(document, n));
  if (node === null || typeof node !== 'object') return node;
  const schema = node as JsonSchema;
  const anyOf = schema.anyOf;
  if (Array.isArray(anyOf)) {
    const { anyOf: _branches, ...rest } = schema;
    const discriminator = discriminatorOf(document, anyOf);
    if (discriminator) {
      const union = {
        ...transformKeywords(document, rest),
        type: 'object',
        discriminator: { propertyName: discriminator.propertyName },
        oneOf: anyOf.map((b) => transform(document, b)),
      };
      unionKinds.set(union, discriminator.values);
      return union;
    }
    if (anyOf.every(isBareType)) {
      const types = anyOf.map((b) => (b as JsonSchema).type);
      return { ...transformKeywords(document, rest), type: types };
    }
    const nullIndex = anyOf.findIndex((b) => isBareType(b) && b.type === 'null');
    const other = anyOf[1 - nullIndex] as JsonSchema | undefined;
    // A nullable string, number, array or object: null joins its `type` list, so a wrong value
    // is reported as "must be string or null" and the schema's other keywords still apply.
    if (anyOf.length === 2 && nullIndex !== -1 && other && isPlainTyped(other)) {
      return {
        ...transformKeywords(document, rest),
        ...transformKeywords(document, other),
        type: [other.type, 'null'],
      };
    }
    if (anyOf.length === 2 && nullIndex !== -1) {
      const union = {
        ...transformKeywords(document, rest),
        if: { type: 'null' },
        else: transform(document, anyOf[1 - nullIndex]),
      };
      nullableUnions.set(union, anyOf.map(branchName));
      return union;
    }
  }
  return transformKeywords(document, schema);
}

const NAMED_SCHEMAS = new Set(['properties', '$defs', 'dependentSchemas', 'patternProperties']);
const DATA = new Set(['const', 'enum', 'default', 'examples', 'required', 'dependentRequired']);

function transformKeywords(document: JsonSchema, schema: JsonSchema): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (DATA.has(key)) out[key] = value;
    else if (NAMED_SCHEMAS.has(key) && value !== null && typeof value === 'object') {
      out[key] = Object.fromEntries(
        Object.entries(value).map(([k, v]) => [k, transform(document, v)]),
      );
    } else out[key] = transform(document, value);
  }
  return out;
}

/** The copy of `document` that ajv compiles (same meaning, narrower error reports). */
export function validationSchema(document: JsonSchema): JsonSchema {
  return transform(document, document) as JsonSchema;
}
