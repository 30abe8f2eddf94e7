// The parser's AST is plain JSON in serde's externally tagged form: a node is an object with
// one key, the variant name ({"select": {...}}). Only the variants named below are acted on;
// everything else is walked through untouched, so an unknown construct is never mutated.
import { loadSqlParser, type PolyglotSdk } from '@nl2sql/sqlcheck';
import type * as Polyglot from '@polyglot-sql/sdk';

export type Json = null | boolean | number | string | Json[] | JsonObject;
export interface JsonObject {
  [key: string]: Json;
}

export type { PolyglotSdk };

/**
 * The SQL parser, the very module @nl2sql/sqlcheck loaded (or loads now): one compiled wasm per
 * process, on the baseline tier, whichever package asks first. Loaded on first use: the wasm is
 * large and only mutant generation and literal attribution need it.
 */
export function loadParser(): Promise<PolyglotSdk> {
  return loadSqlParser();
}

/** Node kinds this package reads or rewrites. */
export const KNOWN_KINDS = new Set([
  'select',
  'union',
  'intersect',
  'except',
  'subquery',
  'paren',
  'and',
  'or',
  'not',
  'eq',
  'neq',
  'lt',
  'lte',
  'gt',
  'gte',
  'like',
  'ilike',
  'in',
  'between',
  'is_null',
  'literal',
  'neg',
  'column',
  'table',
  'count',
  'sum',
  'avg',
  'min',
  'max',
  'with',
  'cte',
]);

export const QUERY_KINDS = new Set(['select', 'union', 'intersect', 'except']);
export const COMPARISON_KINDS = new Set(['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'like', 'ilike']);
export const AGGREGATE_KINDS = new Set(['count', 'sum', 'avg', 'min', 'max']);

export function isObject(v: Json | undefined): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The variant name of a node this package knows, or undefined. */
export function kindOf(v: Json | undefined): string | undefined {
  if (!isObject(v)) return undefined;
  const keys = Object.keys(v);
  return keys.length === 1 && KNOWN_KINDS.has(keys[0]!) ? keys[0] : undefined;
}

/** The payload of a node of one of the given kinds. */
export function bodyOf(v: Json | undefined, ...kinds: string[]): JsonObject | undefined {
  const kind = kindOf(v);
  if (kind === undefined || (kinds.length > 0 && !kinds.includes(kind))) return undefined;
  const body = (v as JsonObject)[kind];
  return isObject(body) ? body : undefined;
}

/** Strip parentheses: `((x))` -> `x`. */
export function unparen(v: Json | undefined): Json | undefined {
  let node = v;
  for (let b = bodyOf(node, 'paren'); b !== undefined; b = bodyOf(node, 'paren')) node = b.this;
  return node;
}

export function clone<T extends Json>(v: T): T {
  return structuredClone(v);
}

/** The value at a path of keys and indexes. */
export function at(root: Json, path: readonly (string | number)[]): Json | undefined {
  let node: Json | undefined = root;
  for (const step of path) {
    if (node === null || node === undefined || typeof node !== 'object') return undefined;
    node = (node as Record<string | number, Json>)[step];
  }
  return node;
}

/** Flatten an AND tree into its conjuncts, left to right. */
export function conjuncts(predicate: Json | undefined): Json[] {
  const and = bodyOf(predicate, 'and');
  if (and !== undefined) return [...conjuncts(and.left), ...conjuncts(and.right)];
  const inner = bodyOf(predicate, 'paren');
  if (inner !== undefined && bodyOf(inner.this, 'and') !== undefined) return conjuncts(inner.this);
  return predicate === undefined ? [] : [predicate];
}

/** Rebuild an AND tree from conjuncts (undefined when there are none). */
export function andOf(parts: readonly Json[]): Json | undefined {
  if (parts.length === 0) return undefined;
  return parts.reduce((left, right) => ({ and: { left, right } }) as Json);
}

/** A literal's kind and text, if the node is a number or string literal (through `neg`). */
export function literalOf(
  v: Json | undefined,
): { kind: 'number' | 'string'; value: string } | undefined {
  const node = unparen(v);
  const neg = bodyOf(node, 'neg');
  if (neg !== undefined) {
    const inner = literalOf(neg.this);
    return inner?.kind === 'number' ? { kind: 'number', value: `-${inner.value}` } : undefined;
  }
  const lit = bodyOf(node, 'literal');
  if (lit === undefined || typeof lit.value !== 'string') return undefined;
  if (lit.literal_type === 'number') return { kind: 'number', value: lit.value };
  if (lit.literal_type === 'string') return { kind: 'string', value: lit.value };
  return undefined;
}

/** `{name: {name}, table: {name}}` of a column node. */
export function columnRef(v: Json | undefined): { table?: string; column: string } | undefined {
  const body = bodyOf(unparen(v), 'column');
  if (body === undefined) return undefined;
  const name = isObject(body.name) ? body.name.name : undefined;
  if (typeof name !== 'string') return undefined;
  const table = isObject(body.table) ? body.table.name : undefined;
  return typeof table === 'string' ? { table, column: name } : { column: name };
}

/** SQL text of one expression node (for descriptions). */
export function exprSql(
  sdk: PolyglotSdk,
  node: Json | undefined,
  dialect: Polyglot.Dialect,
): string {
  if (node === undefined) return '';
  try {
    const r = sdk.generate([node], dialect);
    return r.success && r.sql?.[0] !== undefined ? r.sql[0] : '?';
  } catch {
    return '?';
  }
}
