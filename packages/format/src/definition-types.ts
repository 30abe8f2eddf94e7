// Small TypeBox builders the formats share. Each keeps one JSON Schema spelling that reads
// well in the published file and validates with one precise error, and each still gives
// the exact static type.

import {
  type SchemaOptions,
  type Static,
  type TNull,
  type TSchema,
  type TUnion,
  type TUnsafe,
  Type,
} from '@sinclair/typebox';

/**
 * A string from a fixed list, spelled `{ "type": "string", "enum": [...] }`. TypeBox's union
 * of literals would spell it as an anyOf of consts, which reports one error per value and
 * which some structured-output subsets reject.
 */
export function StringEnum<const V extends readonly [string, ...string[]]>(
  values: V,
  options: SchemaOptions = {},
): TUnsafe<V[number]> {
  return Type.Unsafe<V[number]>({ ...options, type: 'string', enum: [...values] });
}

/**
 * One of fixed JSON values of any type (strings, numbers, booleans, null), spelled
 * `{ "enum": [...] }` alone: a value of the wrong type is told the values allowed, not a
 * type. For a format whose messages say so (the suite's, the record's); a list of strings
 * that structured output must accept is a StringEnum.
 */
export function EnumOf<const V extends readonly [unknown, ...unknown[]]>(
  values: V,
  options: SchemaOptions = {},
): TUnsafe<V[number]> {
  return Type.Unsafe<V[number]>({ ...options, enum: [...values] });
}

/** A value or null: `anyOf: [schema, {type: null}]`. */
export function Nullable<T extends TSchema>(
  schema: T,
  options: SchemaOptions = {},
): TUnion<[T, TNull]> {
  return Type.Union([schema, Type.Null()], options);
}

/**
 * An object of any keys, each holding a `value`: `{ "type": "object", "additionalProperties":
 * value }`. TypeBox's Record would spell the keys as a `patternProperties` regex.
 */
export function Dictionary<V extends TSchema>(
  value: V,
  options: SchemaOptions = {},
): TUnsafe<Record<string, Static<V>>> {
  return Type.Unsafe<Record<string, Static<V>>>({
    ...options,
    type: 'object',
    additionalProperties: value,
  });
}

/** A published format as FormatRef sees it: its `$id` and the values it accepts. */
export interface Referable<V> {
  readonly id: string;
  check(value: unknown): value is V;
}

/**
 * A reference to another published format by its `$id`: the document says `{"$ref": id}`
 * (so a suite's plan is checked by exactly the plan's own schema) and the static type is the
 * other format's. Give the type by name (`FormatRef<PlanModel>(PLAN_FORMAT)`) in a definition
 * that is exported: TypeScript's declaration files cannot spell a large inferred type.
 */
export function FormatRef<V>(format: Referable<V>, options: SchemaOptions = {}): TUnsafe<V> {
  return Type.Unsafe<V>({ ...options, $ref: format.id });
}
