// What the failure taxonomy (error-class.ts) compares between a gold query and a prediction:
// the tables read, the columns read per clause, the aggregation (functions, grouping,
// HAVING), the filter values with their columns, and the canonical form with every literal
// blanked (two queries equal there differ only in their values).
import { canonicalForms } from './canonical.js';
import type { Catalog } from './catalog.js';
import type { SqlDialect } from './dialect.js';
import { catalogKey, identKey } from './dialect.js';
import type { FilterComparison } from './filter-comparisons.js';
import { filterComparisons, literalKeys } from './filter-comparisons.js';
import type { KeyIndex } from './keyed-schema.js';
import type { Json, JsonObject } from './node.js';
import { arrayField, asKind, bodyOf, isObject, kindOf, objectField } from './node.js';
import type { TableUse } from './scope.js';
import { analyze } from './scope.js';

export interface QueryShape {
  /** Physical tables read (keys). */
  tables: Set<string>;
  /** `table.column` keys read by the select list. */
  outputColumns: Set<string>;
  /** `table.column` keys read by the select list, joins and grouping (not filters, not ordering). */
  shapeColumns: Set<string>;
  /** `table.column` keys read anywhere. */
  columns: Set<string>;
  /**
   * Aggregate calls of the select lists and ORDER BYs as `name`, `name distinct` or
   * `count(*)`, sorted (a multiset). Those of HAVING, and of queries inside a filter, are filters.
   */
  aggregates: string[];
  /** GROUP BY key counts of the selects that group (outside filters), sorted. */
  grouping: number[];
  comparisons: FilterComparison[];
  /** Every literal anywhere in the query, as kind\0value keys. */
  literals: Set<string>;
  /** The filters (WHERE, ON, HAVING, QUALIFY) of every select, canonical, literals blanked. */
  filterSkeleton: string;
  /** Canonical form with every literal replaced by one placeholder. */
  skeleton: string;
  /** Canonical form (literals kept). */
  canonical: string;
}

const AGGREGATES = new Set([
  'count',
  'sum',
  'avg',
  'min',
  'max',
  'group_concat',
  'string_agg',
  'array_agg',
  'stddev',
  'stddev_pop',
  'stddev_samp',
  'variance',
  'var_pop',
  'var_samp',
  'median',
  'bool_and',
  'bool_or',
  'every',
  'total',
]);

function tableKey(t: TableUse, dialect: SqlDialect): string {
  if (t.entry) return catalogKey(dialect, t.entry.table.name);
  return identKey(dialect, t.name.name.name, t.name.name.quoted);
}

const QUERY_KINDS = new Set(['select', 'union', 'intersect', 'except']);

/** Visit every SELECT body of a tree, nested ones included. */
function eachSelect(tree: Json, visit: (body: JsonObject) => void, skipFilters = false): void {
  const walk = (v: Json | undefined): void => {
    if (Array.isArray(v)) {
      for (const x of v) walk(x);
      return;
    }
    if (!isObject(v)) return;
    const sel = asKind(v, 'select');
    if (sel) visit(sel);
    for (const key in v) {
      // queries inside WHERE / ON / HAVING / QUALIFY are part of a filter, not of the output
      if (skipFilters && FILTER_KEYS.has(key)) continue;
      walk(v[key]);
    }
  };
  walk(tree);
}

const FILTER_KEYS = new Set(['where_clause', 'having', 'qualify', 'on']);

function aggregateName(v: Json): string | undefined {
  const k = kindOf(v);
  if (k === undefined) return undefined;
  const b = bodyOf(v as JsonObject, k);
  const fname =
    k === 'function' || k === 'aggregate_function'
      ? typeof b.name === 'string'
        ? b.name.toLowerCase()
        : undefined
      : k;
  if (fname === undefined || !AGGREGATES.has(fname)) return undefined;
  if (fname === 'count' && (b.star === true || kindOf(b.this) === 'star')) return 'count(*)';
  return b.distinct === true ? `${fname} distinct` : fname;
}

function aggregatesOf(query: Json): string[] {
  const out: string[] = [];
  // aggregates of an output expression, not of the queries nested in it (visited on their own)
  const scan = (v: Json | undefined): void => {
    if (Array.isArray(v)) {
      for (const x of v) scan(x);
      return;
    }
    if (!isObject(v)) return;
    const k = kindOf(v);
    if (k !== undefined && QUERY_KINDS.has(k)) return;
    const name = aggregateName(v);
    if (name !== undefined) out.push(name);
    for (const key in v) scan(v[key]);
  };
  eachSelect(
    query,
    (sel) => {
      scan(sel.expressions);
      scan(sel.order_by);
    },
    true,
  );
  return out.sort();
}

function groupingOf(query: Json): number[] {
  const grouping: number[] = [];
  eachSelect(
    query,
    (sel) => {
      const keys = arrayField(objectField(sel, 'group_by'), 'expressions').length;
      if (keys > 0) grouping.push(keys);
    },
    true,
  );
  return grouping.sort((a, b) => a - b);
}

/**
 * The filter predicates of every select of a canonical tree, as one string: per select, the
 * sorted AND terms of WHERE, every ON, HAVING and QUALIFY together, so a predicate that moves
 * between ON and WHERE (an inner join made outer) is the same predicate.
 */
function filtersOf(canonicalTree: Json): string {
  const selects: string[][] = [];
  const terms = (v: Json | undefined, out: string[]): void => {
    if (v === undefined || v === null) return;
    const and = asKind(v, 'and');
    if (and && Array.isArray(and.terms)) for (const t of and.terms) terms(t, out);
    else if (and) {
      terms(and.left, out);
      terms(and.right, out);
    } else out.push(JSON.stringify(v));
  };
  eachSelect(canonicalTree, (sel) => {
    const out: string[] = [];
    terms(objectField(sel, 'where_clause')?.this, out);
    terms(objectField(sel, 'having')?.this, out);
    terms(objectField(sel, 'qualify')?.this, out);
    for (const j of arrayField(sel, 'joins')) if (isObject(j)) terms(j.on, out);
    selects.push(out.sort());
  });
  return JSON.stringify(selects);
}

/** A copy of a parsed tree with every literal replaced by the same placeholder. */
function blankLiterals(v: Json): Json {
  if (Array.isArray(v)) return v.map(blankLiterals);
  if (!isObject(v)) return v;
  if (kindOf(v) === 'literal') return { literal: { literal_type: 'string', value: '?' } };
  const out: JsonObject = {};
  for (const k in v) out[k] = blankLiterals(v[k] ?? null);
  return out;
}

export function queryShape(
  query: Json,
  dialect: SqlDialect,
  catalog: Catalog | undefined,
  keys: KeyIndex,
): QueryShape {
  const a = analyze(query, dialect, catalog);
  const tables = new Set(a.tables.map((t) => tableKey(t, dialect)));
  const outputColumns = new Set<string>();
  const shapeColumns = new Set<string>();
  const columns = new Set<string>();
  for (const c of a.columns) {
    const keysRead =
      c.reads.length > 0
        ? c.reads.map((r) => `${tableKey(r.table, dialect)}.${catalogKey(dialect, r.column)}`)
        : c.target === 'unknown' || c.target === 'table'
          ? [identKey(dialect, c.column.name, c.column.quoted)]
          : [];
    for (const k of keysRead) {
      columns.add(k);
      if (c.clause === 'select') outputColumns.add(k);
      if (c.clause !== 'where' && c.clause !== 'having' && c.clause !== 'order')
        shapeColumns.add(k);
    }
  }
  const canonical = canonicalForms(query, dialect, 1)[0] ?? 'null';
  const skeleton = canonicalForms(blankLiterals(query), dialect, 1)[0] ?? 'null';
  return {
    tables,
    outputColumns,
    shapeColumns,
    columns,
    aggregates: aggregatesOf(query),
    grouping: groupingOf(query),
    comparisons: filterComparisons(JSON.parse(canonical) as Json, keys),
    literals: literalKeys(query),
    filterSkeleton: filtersOf(JSON.parse(skeleton) as Json),
    skeleton,
    canonical,
  };
}
