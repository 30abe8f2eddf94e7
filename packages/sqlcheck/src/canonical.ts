// Canonical form of a query for normalised exact match (001 §4.1, 004 C.2 tier 1). The
// parsed JSON tree is rewritten, never regenerated as SQL:
//  - formatting-only fields (positions, comments, AS spelling) are dropped, identifiers
//    take the dialect's comparison key (case folding), function names are lower-cased;
//  - equivalent spellings are rewritten first (canonical-rewrites.ts): CTEs inlined as
//    derived tables, BETWEEN as a range, COUNT(1) as COUNT(*), SQLite's date()/time()/
//    datetime() as strftime;
//  - table aliases become the table name (o.amount -> orders.amount); a table read more
//    than once gets numbered names, and callers try every numbering (self-join permutations);
//  - a derived table's alias becomes a name derived from its canonical body, so a CTE and the
//    same subquery under another alias get one name;
//  - in a single-table scope, unqualified columns are qualified with that table;
//  - GROUP BY / ORDER BY ordinals and select aliases expand to the select expression;
//  - AND / OR chains are flattened and sorted, = / <> / + / * operands sorted, > and >=
//    rewritten as < and <= with swapped operands, IN lists sorted;
//  - when every join is an inner join, the FROM items are sorted by name and the ON
//    predicates are merged into the WHERE conjunction (same rows, any join order).
import { createHash } from 'node:crypto';
import { rewriteEquivalences } from './canonical-rewrites.js';
import type { SqlDialect } from './dialect.js';
import { identKey } from './dialect.js';
import type { Json, JsonObject } from './node.js';
import { arrayField, asKind, bodyOf, isObject, kindOf, objectField, toIdent } from './node.js';
import { derivedFromParse } from './query-parse.js';

const DROP_KEYS = new Set([
  'span',
  'trailing_comments',
  'leading_comments',
  'left_comments',
  'operator_comments',
  'pre_alias_comments',
  'comments',
  'alias_explicit_as',
  'double_colon_syntax',
  'original_name',
  'nesting_group',
  'alias_first',
  'alias_keyword',
]);

const COMMUTATIVE = new Set(['eq', 'neq', 'null_safe_eq', 'null_safe_neq', 'add', 'mul']);
const FLIP: Record<string, string> = { gt: 'lt', gte: 'lte' };
const INNER_KINDS = new Set(['Inner', 'Implicit', 'Cross', 'Join']);

export function keyOf(v: Json | undefined): string {
  return JSON.stringify(v ?? null);
}

/** Deep copy without formatting fields; identifiers folded per dialect. */
function clean(v: Json | undefined, dialect: SqlDialect): Json {
  if (Array.isArray(v)) return v.map((x) => clean(x, dialect));
  if (!isObject(v)) return v === undefined ? null : v;
  const out: JsonObject = {};
  const isIdent = typeof v.name === 'string' && typeof v.quoted === 'boolean';
  for (const k in v) {
    // comments and the source spelling of keywords (kind_text, alias_keyword) are formatting
    if (DROP_KEYS.has(k) || /(comments|_text|_keyword)$/.test(k)) continue;
    if (isIdent && k === 'quoted') continue;
    const x = v[k];
    if (k === 'name' && typeof x === 'string') {
      out[k] = isIdent ? identKey(dialect, x, v.quoted === true) : x.toLowerCase();
      continue;
    }
    out[k] = clean(x, dialect);
  }
  return out;
}

/** The canonical forms of a query: one per numbering of repeated tables (self-joins). */
export function canonicalForms(query: Json, dialect: SqlDialect, maxForms = 24): string[] {
  // kept beside a tree the diagnostics share (parse-memo.ts); each caller gets its own array
  const key = `canonical-forms|${dialect}|${maxForms}`;
  return [...derivedFromParse(query, key, () => computeForms(query, dialect, maxForms))];
}

function computeForms(query: Json, dialect: SqlDialect, maxForms: number): string[] {
  const base = rewriteEquivalences(clean(query, dialect), dialect);
  const repeated = repeatedTables(base);
  const perms = permutationsOf(repeated, maxForms);
  return perms.map((numbering) => {
    const copy = JSON.parse(JSON.stringify(base)) as Json;
    const rewritten = rewrite(copy, numbering);
    return keyOf(rewritten);
  });
}

/** Table name -> how many times it is read in FROM/JOIN across the query. */
function repeatedTables(q: Json): Map<string, number> {
  const counts = new Map<string, number>();
  const visit = (v: Json): void => {
    if (Array.isArray(v)) {
      for (const x of v) visit(x);
      return;
    }
    if (!isObject(v)) return;
    const t = asKind(v, 'table');
    if (t) {
      const n = toIdent(t.name)?.name;
      if (n) counts.set(n, (counts.get(n) ?? 0) + 1);
      return;
    }
    for (const k in v) visit(v[k] ?? null);
  };
  visit(q);
  return new Map([...counts].filter(([, c]) => c > 1));
}

/** For each repeated table, orderings of its occurrence numbers (capped). */
function permutationsOf(repeated: Map<string, number>, max: number): Map<string, number[]>[] {
  let acc: Map<string, number[]>[] = [new Map()];
  for (const [name, count] of repeated) {
    const perms = permute([...Array(count).keys()]);
    const next: Map<string, number[]>[] = [];
    for (const a of acc) {
      for (const p of perms) {
        if (next.length >= max) break;
        next.push(new Map([...a, [name, p]]));
      }
    }
    acc = next;
  }
  return acc;
}

function permute(xs: number[]): number[][] {
  if (xs.length <= 1) return [xs];
  if (xs.length > 4) return [xs]; // 5! orderings is past what a diagnostic should try
  const out: number[][] = [];
  xs.forEach((x, i) => {
    for (const rest of permute([...xs.slice(0, i), ...xs.slice(i + 1)])) out.push([x, ...rest]);
  });
  return out;
}

function rewrite(q: Json, numbering: Map<string, number[]>): Json {
  const seen = new Map<string, number>();
  // alias maps of the enclosing selects, innermost last, for correlated references
  const scopes: Map<string, string>[] = [];
  const lookupAlias = (q: string): string | undefined => {
    for (let i = scopes.length - 1; i >= 0; i--) {
      const hit = scopes[i]!.get(q);
      if (hit !== undefined) return hit;
    }
    return undefined;
  };
  const walk = (v: Json): Json => {
    if (Array.isArray(v)) return v.map(walk);
    if (!isObject(v)) return v;
    const kind = kindOf(v);
    if (kind === 'select') return { select: rewriteSelect(bodyOf(v, kind)) };
    if (kind !== undefined) {
      const body = bodyOf(v, kind);
      const inner: JsonObject = {};
      for (const k in body) inner[k] = walk(body[k] ?? null);
      return normalizeOperator(kind, inner);
    }
    const out: JsonObject = {};
    for (const k in v) out[k] = walk(v[k] ?? null);
    return out;
  };

  function tableName(t: JsonObject): string {
    const n = toIdent(t.name)?.name ?? '';
    const order = numbering.get(n);
    if (!order) return n;
    const i = seen.get(n) ?? 0;
    seen.set(n, i + 1);
    return `${n}#${order[i] ?? i}`;
  }

  function rewriteSelect(body: JsonObject): JsonObject {
    // 1. sources and alias map (this scope only)
    const aliasMap = new Map<string, string>();
    const sourceNames: string[] = [];
    const derivedSeen = new Map<string, number>();
    const renameSource = (src: Json): Json => {
      const sq = asKind(src, 'subquery');
      if (sq) {
        // Named by what it computes, not by what the author called it.
        const body = walk(sq.this ?? null);
        const digest = createHash('sha256').update(keyOf(body)).digest('hex').slice(0, 16);
        const n = derivedSeen.get(digest) ?? 0;
        derivedSeen.set(digest, n + 1);
        const canon = `derived:${digest}${n > 0 ? `#${n}` : ''}`;
        aliasMap.set(toIdent(sq.alias)?.name ?? canon, canon);
        sourceNames.push(canon);
        return {
          subquery: {
            this: body,
            alias: { name: canon },
            column_aliases: walk(sq.column_aliases ?? []),
            order_by: walk(sq.order_by ?? null),
            limit: walk(sq.limit ?? null),
            offset: walk(sq.offset ?? null),
            lateral: sq.lateral === true,
          },
        };
      }
      const t = asKind(src, 'table');
      if (!t) return walk(src);
      const canon = tableName(t);
      const alias = toIdent(t.alias)?.name;
      const own = toIdent(t.name)?.name ?? canon;
      aliasMap.set(alias ?? own, canon);
      sourceNames.push(canon);
      return { table: { ...t, name: { name: canon }, alias: null } };
    };
    const fromItems = arrayField(objectField(body, 'from'), 'expressions').map(renameSource);
    const joins: Json[] = arrayField(body, 'joins').map((j) =>
      isObject(j) ? { ...j, this: renameSource(j.this ?? null) } : j,
    );
    const singleTable =
      fromItems.length === 1 && joins.length === 0 && sourceNames.length === 1
        ? sourceNames[0]
        : undefined;

    // 2. select aliases -> expressions, for GROUP BY / ORDER BY
    const exprs = arrayField(body, 'expressions');
    const aliasExpr = new Map<string, Json>();
    exprs.forEach((e) => {
      const a = asKind(e, 'alias');
      const n = a ? toIdent(a.alias)?.name : undefined;
      if (a && n !== undefined) aliasExpr.set(n, a.this ?? null);
    });
    const unalias = (e: Json): Json => asKind(e, 'alias')?.this ?? e;
    const expandRef = (e: Json): Json => {
      const lit = asKind(e, 'literal');
      if (
        lit &&
        lit.literal_type === 'number' &&
        typeof lit.value === 'string' &&
        /^\d+$/.test(lit.value)
      ) {
        const target = exprs[Number(lit.value) - 1];
        if (target !== undefined) return unalias(target);
      }
      const col = asKind(e, 'column');
      if (col && (col.table === null || col.table === undefined)) {
        const n = toIdent(col.name)?.name;
        if (n !== undefined && aliasExpr.has(n)) return aliasExpr.get(n) ?? e;
      }
      return e;
    };

    // 3. requalify columns of this scope (not nested selects: they are rewritten on their own)
    const requalify = (v: Json): Json => {
      if (Array.isArray(v)) return v.map(requalify);
      if (!isObject(v)) return v;
      const kind = kindOf(v);
      if (kind === 'select' || kind === 'union' || kind === 'intersect' || kind === 'except')
        return v;
      const col = asKind(v, 'column');
      if (col) {
        const q = toIdent(col.table)?.name;
        const canon = q !== undefined ? lookupAlias(q) : undefined;
        if (canon !== undefined) return { column: { ...col, table: { name: canon } } };
        const n = toIdent(col.name)?.name;
        if (q === undefined && singleTable !== undefined && n !== undefined && !aliasExpr.has(n)) {
          return { column: { ...col, table: { name: singleTable } } };
        }
        return v;
      }
      const out: JsonObject = {};
      for (const k in v) out[k] = requalify(v[k] ?? null);
      return out;
    };

    scopes.push(aliasMap);
    const out: JsonObject = {};
    for (const k in body) {
      if (k === 'from' || k === 'joins') continue;
      let val: Json = body[k] ?? null;
      if (k === 'group_by' && isObject(val)) {
        val = { ...val, expressions: arrayField(val, 'expressions').map(expandRef) };
      }
      if (k === 'order_by' && isObject(val)) {
        val = {
          ...val,
          expressions: arrayField(val, 'expressions').map((o) =>
            isObject(o) ? { ...o, this: expandRef(o.this ?? null) } : o,
          ),
        };
      }
      out[k] = walk(requalify(val));
    }
    const rq = (x: Json) => walk(requalify(x));
    const allInner = joins.every(
      (j) => isObject(j) && INNER_KINDS.has(String(j.kind)) && arrayField(j, 'using').length === 0,
    );
    if (allInner && joins.length > 0) {
      const items = [...fromItems, ...joins.map((j) => (isObject(j) ? (j.this ?? null) : null))];
      items.sort((a, b) => keyOf(a).localeCompare(keyOf(b)));
      const preds: Json[] = [];
      for (const j of joins)
        if (isObject(j) && j.on !== null && j.on !== undefined) preds.push(rq(j.on));
      const where = objectField(out, 'where_clause');
      if (where) preds.push(where.this ?? null);
      out.from = { expressions: items };
      out.joins = [];
      out.where_clause =
        preds.length > 0
          ? { this: normalizeOperator('and', { terms: flattenList('and', preds) }) }
          : null;
    } else {
      out.from = fromItems.length > 0 ? { expressions: fromItems } : null;
      out.joins = joins.map((j) =>
        isObject(j) ? { ...j, on: j.on === undefined ? null : rq(j.on) } : j,
      );
    }
    scopes.pop();
    return out;
  }

  return walk(q);
}

function flattenList(kind: 'and' | 'or', parts: Json[]): Json[] {
  const out: Json[] = [];
  for (const p of parts) {
    const k = kindOf(p);
    if (k === kind) {
      const b = bodyOf(p as JsonObject, k);
      if (Array.isArray(b.terms)) out.push(...b.terms);
      else out.push(...flattenList(kind, [b.left ?? null, b.right ?? null]));
    } else out.push(p);
  }
  return out;
}

function normalizeOperator(kind: string, body: JsonObject): Json {
  if (kind === 'and' || kind === 'or') {
    const terms = Array.isArray(body.terms)
      ? body.terms
      : flattenList(kind, [body.left ?? null, body.right ?? null]);
    const sorted = [...terms].sort((a, b) => keyOf(a).localeCompare(keyOf(b)));
    return { [kind]: { terms: sorted } };
  }
  if (FLIP[kind] !== undefined) {
    return { [FLIP[kind]]: { ...body, left: body.right ?? null, right: body.left ?? null } };
  }
  if (COMMUTATIVE.has(kind) && body.left !== undefined && body.right !== undefined) {
    const [l, r] = [body.left, body.right].sort((a, b) => keyOf(a).localeCompare(keyOf(b)));
    return { [kind]: { ...body, left: l ?? null, right: r ?? null } };
  }
  if (kind === 'in' && Array.isArray(body.expressions)) {
    const sorted = [...body.expressions].sort((a, b) => keyOf(a).localeCompare(keyOf(b)));
    return { in: { ...body, expressions: sorted } };
  }
  return { [kind]: body };
}
