// Helpers over the SDK's AST. The SDK returns plain JSON in serde's externally tagged
// form: an expression is an object with one key, the variant name ({"select": {...}}).
// Structs can have a single key too ({"num_buckets": ...}), so a single-key object is a
// node only when its key is one of the SDK's Expression variant names.
import { EXPRESSION_KINDS } from './expression-kinds.js';

export type Json = null | boolean | number | string | Json[] | JsonObject;
export interface JsonObject {
  [key: string]: Json;
}

export interface Ident {
  name: string;
  quoted: boolean;
}

export function isObject(v: Json | undefined): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The variant name of an expression node, or undefined for anything else. */
export function kindOf(v: Json | undefined): string | undefined {
  if (!isObject(v)) return undefined;
  let only: string | undefined;
  for (const k in v) {
    if (only !== undefined) return undefined;
    only = k;
  }
  return only !== undefined && EXPRESSION_KINDS.has(only) ? only : undefined;
}

/** The payload of an expression node ({} for unit variants such as {"null": null}). */
export function bodyOf(v: JsonObject, kind: string): JsonObject {
  const b = v[kind];
  return isObject(b) ? b : {};
}

/** A node's body if it is of one of the given kinds. */
export function asKind(v: Json | undefined, ...kinds: string[]): JsonObject | undefined {
  const k = kindOf(v);
  if (k === undefined || !kinds.includes(k)) return undefined;
  return bodyOf(v as JsonObject, k);
}

export function field(o: JsonObject | undefined, key: string): Json | undefined {
  return o === undefined ? undefined : o[key];
}

export function arrayField(o: JsonObject | undefined, key: string): Json[] {
  const v = field(o, key);
  return Array.isArray(v) ? v : [];
}

export function objectField(o: JsonObject | undefined, key: string): JsonObject | undefined {
  const v = field(o, key);
  return isObject(v) ? v : undefined;
}

export function stringField(o: JsonObject | undefined, key: string): string | undefined {
  const v = field(o, key);
  return typeof v === 'string' ? v : undefined;
}

/** An identifier struct ({name, quoted}) or an {"identifier": {...}} node. */
export function toIdent(v: Json | undefined): Ident | undefined {
  if (!isObject(v)) return undefined;
  const inner = asKind(v, 'identifier') ?? v;
  const name = inner.name;
  if (typeof name !== 'string') return undefined;
  return { name, quoted: inner.quoted === true };
}

/** Visit every node (depth-first, pre-order); return false from the visitor to skip a subtree. */
export function walkNodes(
  v: Json | undefined,
  visit: (kind: string, body: JsonObject, node: JsonObject) => boolean | undefined,
): void {
  if (Array.isArray(v)) {
    for (const x of v) walkNodes(x, visit);
    return;
  }
  if (!isObject(v)) return;
  const kind = kindOf(v);
  if (kind !== undefined) {
    const body = bodyOf(v, kind);
    if (visit(kind, body, v) === false) return;
    walkNodes(v[kind], visit);
    return;
  }
  for (const k in v) walkNodes(v[k], visit);
}

/** Is this node a query (SELECT, set operation, VALUES, or a parenthesised query)? */
export const QUERY_KINDS = new Set(['select', 'union', 'intersect', 'except', 'values']);
export function isQueryNode(v: Json | undefined): boolean {
  const k = kindOf(v);
  if (k === undefined) return false;
  if (QUERY_KINDS.has(k)) return true;
  if (k === 'subquery' || k === 'paren') return isQueryNode(bodyOf(v as JsonObject, k).this);
  return false;
}
