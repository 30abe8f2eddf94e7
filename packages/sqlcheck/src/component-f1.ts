// 001 §4.2 component matching: per-clause F1 between the item sets of the gold and the
// predicted query (select expressions without their aliases, FROM sources, AND-ed WHERE
// and HAVING predicates, GROUP BY keys, ORDER BY items, LIMIT, set-operation branches).
// Items are compared as the dialect's SQL text, lower-cased, as in the spec; the outermost
// SELECT is scored, a set operation scores its first branch and compares the other
// branches as whole items. Scores are rounded to two decimals, as printed in the spec.
import { keyOf } from './canonical.js';
import type { SqlDialect } from './dialect.js';
import { toDialect } from './dialect.js';
import type { PolyglotSdk } from './load.js';
import { loadSdk } from './load.js';
import type { Json, JsonObject } from './node.js';
import { arrayField, asKind, bodyOf, isObject, kindOf, objectField, toIdent } from './node.js';
import { sdkDialectOf } from './parse.js';
import { derivedFromParse, parseOneQuery } from './query-parse.js';

export const COMPONENTS = [
  'select',
  'from',
  'where',
  'group_by',
  'having',
  'order_by',
  'limit',
  'set_ops',
] as const;
export type Component = (typeof COMPONENTS)[number];
export type ComponentScores = Record<Component, number>;
export type ComponentItems = Record<Component, string[]>;

export interface ComponentF1 {
  scores: ComponentScores;
  gold: ComponentItems;
  predicted: ComponentItems;
}

const SET_OPS = new Set(['union', 'intersect', 'except']);

function splitAnd(node: Json | undefined): Json[] {
  if (node === undefined || node === null) return [];
  const a = asKind(node, 'and');
  if (a) return [...splitAnd(a.left), ...splitAnd(a.right)];
  return [node];
}

/** The items of a query; kept beside a tree the diagnostics share (parse-memo.ts), copied out. */
function components(sdk: PolyglotSdk, query: Json, dialect: SqlDialect): ComponentItems {
  const items = derivedFromParse(query, `component-items|${dialect}`, () =>
    listComponents(sdk, query, dialect),
  );
  const copy = {} as ComponentItems;
  for (const c of COMPONENTS) copy[c] = [...items[c]];
  return copy;
}

function listComponents(sdk: PolyglotSdk, query: Json, dialect: SqlDialect): ComponentItems {
  // Every item's text in one call to the generator: the first walk collects the nodes, the
  // second reads their texts (a call per item cost more than the rendering itself).
  const texts = renderAll(sdk, itemNodes(query), dialect);
  return itemsOf(query, (node) => {
    if (node === undefined || node === null) return '';
    return texts.get(node) ?? keyOf(node).toLowerCase();
  });
}

/** @internal The nodes whose text the query's items are. */
export function itemNodes(query: Json): Json[] {
  const nodes: Json[] = [];
  itemsOf(query, (node) => {
    if (node !== undefined && node !== null) nodes.push(node);
    return '';
  });
  return nodes;
}

/** @internal Each node's dialect SQL, lower-cased; a node the generator cannot render is left out. */
export function renderAll(sdk: PolyglotSdk, nodes: Json[], dialect: SqlDialect): Map<Json, string> {
  const texts = new Map<Json, string>();
  if (nodes.length === 0) return texts;
  const d = sdkDialectOf(sdk, dialect);
  try {
    const r = sdk.generate(nodes, d);
    const sql = r.success ? r.sql : undefined;
    if (sql?.length === nodes.length) {
      for (const [i, node] of nodes.entries()) texts.set(node, sql[i]!.toLowerCase());
      return texts;
    }
  } catch {
    // one node the generator refuses fails the batch: render them one by one
  }
  for (const node of nodes) {
    try {
      const r = sdk.generate([node], d);
      const text = r.success ? r.sql?.[0] : undefined;
      if (text !== undefined) texts.set(node, text.toLowerCase());
    } catch {
      // left to the structural key
    }
  }
  return texts;
}

/** The query's items, each node's text as `sqlOf` gives it. */
function itemsOf(query: Json, sqlOf: (node: Json | undefined) => string): ComponentItems {
  let sel: Json = query;
  while (kindOf(sel) === 'subquery') sel = bodyOf(sel as JsonObject, 'subquery').this ?? null;
  const outer = sel;
  const setOps: string[] = [];
  for (let k = kindOf(sel); k !== undefined && SET_OPS.has(k); k = kindOf(sel)) {
    const b = bodyOf(sel as JsonObject, k);
    setOps.push(`${k}${b.all === true ? ' all' : ''} ${sqlOf(b.right)}`);
    sel = b.left ?? null;
  }
  const outerBody = kindOf(outer) ? bodyOf(outer as JsonObject, kindOf(outer) as string) : {};
  const body = asKind(sel, 'select') ?? {};
  const arg = (k: string): Json | undefined => {
    const o = outerBody[k];
    return o !== null && o !== undefined ? o : body[k];
  };
  const unalias = (n: Json): Json => asKind(n, 'alias')?.this ?? n;
  const set = (nodes: Json[]) => [...new Set(nodes.map((n) => sqlOf(unalias(n))))].sort();
  const sources = [
    ...arrayField(objectField(body, 'from'), 'expressions'),
    ...arrayField(body, 'joins').map((j) => (isObject(j) ? (j.this ?? null) : null)),
  ];
  const limit = arg('limit');
  const limitExpr = kindOf(limit) !== undefined ? limit : isObject(limit) ? limit.this : undefined;
  const order = arg('order_by');
  return {
    select: set(arrayField(body, 'expressions')),
    from: [
      ...new Set(
        sources.map((s) => {
          const t = asKind(s, 'table');
          return t ? (toIdent(t.name)?.name ?? '').toLowerCase() : sqlOf(s);
        }),
      ),
    ].sort(),
    where: set(splitAnd(objectField(body, 'where_clause')?.this)),
    group_by: set(arrayField(objectField(body, 'group_by'), 'expressions')),
    having: set(splitAnd(objectField(body, 'having')?.this)),
    // an ORDER BY item is scored as written, direction included
    order_by: [
      ...new Set(
        arrayField(isObject(order) ? order : undefined, 'expressions').map((o) =>
          isObject(o) ? sqlOf(o.this ?? null) + (o.desc === true ? ' desc' : '') : sqlOf(o),
        ),
      ),
    ].sort(),
    limit: limitExpr !== undefined && limitExpr !== null ? [`limit ${sqlOf(limitExpr)}`] : [],
    set_ops: [...new Set(setOps)].sort(),
  };
}

function f1(gold: string[], pred: string[]): number {
  if (gold.length === 0 && pred.length === 0) return 1;
  const g = new Set(gold);
  const tp = pred.filter((p) => g.has(p)).length;
  if (tp === 0) return 0;
  const p = tp / pred.length;
  const r = tp / gold.length;
  return (2 * p * r) / (p + r);
}

/** Per-clause F1 of `predicted` against `gold`; undefined when either is not one query. */
export async function componentF1(
  gold: string,
  predicted: string,
  dialect: SqlDialect | string,
): Promise<ComponentF1 | undefined> {
  const d = toDialect(dialect);
  const sdk = await loadSdk();
  const g = parseOneQuery(sdk, gold, d);
  const p = parseOneQuery(sdk, predicted, d);
  if (!g.ok || !p.ok) return undefined;
  const gi = components(sdk, g.query, d);
  const pi = components(sdk, p.query, d);
  const scores = {} as ComponentScores;
  for (const c of COMPONENTS) scores[c] = Math.round(f1(gi[c], pi[c]) * 100) / 100;
  return { scores, gold: gi, predicted: pi };
}
