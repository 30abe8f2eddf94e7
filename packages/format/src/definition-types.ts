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

/** A value or null: `anyOf: [schema, {type: null}]`. */
export function Nullable<T extends TSchema>(
  schema: T,
  options: SchemaOptions = {},
): TUnion<[T, TNull]> {
  return Type.Union([schema, Type.Null()], options);
}

/** Anything with a published `$id`: a format, or its document. */
export interface Identified<T extends TSchema = TSchema> {
  readonly id: string;
  readonly schema: T;
}

/**
 * A reference to another published format by its `$id`: the document says `{"$ref": id}`
 * (so a suite's plan is checked by exactly the plan's own schema) and the static type is the
 * other format's.
 */
export function FormatRef<T extends TSchema>(
  format: Identified<T>,
  options: SchemaOptions = {},
): TUnsafe<Static<T>> {
  return Type.Unsafe<Static<T>>({ ...options, $ref: format.id });
}
