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
  /** `table.column` keys read outside WHERE / HAVING (select list, joins, grouping, ordering). */
  shapeColumns: Set<string>;
  /** `table.column` keys read anywhere. */
  columns: Set<string>;
  /** Aggregate calls as `name`, `name distinct` or `count(*)`, sorted (a multiset). */
  aggregates: string[];
  /** GROUP BY key counts of the selects that group, sorted. */
  grouping: number[];
  /** Selects with a HAVING clause. */
  havings: number;
  comparisons: FilterComparison[];
  /** Every literal anywhere in the query, as kind\0value keys. */
  literals: Set<string>;
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

function aggregatesOf(query: Json): string[] {
  const out: string[] = [];
  const visit = (v: Json | undefined): void => {
    if (Array.isArray(v)) {
      for (const x of v) visit(x);
      return;
    }
    if (!isObject(v)) return;
    const k = kindOf(v);
    if (k !== undefined) {
      const b = bodyOf(v, k);
      const fname =
        k === 'function' || k === 'aggregate_function'
          ? typeof b.name === 'string'
            ? b.name.toLowerCase()
            : undefined
          : k;
      if (fname !== undefined && AGGREGATES.has(fname)) {
        const star = fname === 'count' && (b.star === true || kindOf(b.this) === 'star');
        out.push(star ? 'count(*)' : b.distinct === true ? `${fname} distinct` : fname);
      }
    }
    for (const key in v) visit(v[key]);
  };
  visit(query);
  return out.sort();
}

function groupingOf(query: Json): { grouping: number[]; havings: number } {
  const grouping: number[] = [];
  let havings = 0;
  const visit = (v: Json | undefined): void => {
    if (Array.isArray(v)) {
      for (const x of v) visit(x);
      return;
    }
    if (!isObject(v)) return;
    const sel = asKind(v, 'select');
    if (sel) {
      const keys = arrayField(objectField(sel, 'group_by'), 'expressions').length;
      if (keys > 0) grouping.push(keys);
      if (objectField(sel, 'having')?.this) havings += 1;
    }
    for (const key in v) visit(v[key]);
  };
  visit(query);
  return { grouping: grouping.sort((a, b) => a - b), havings };
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
      if (c.clause !== 'where' && c.clause !== 'having') shapeColumns.add(k);
    }
  }
  const canonical = canonicalForms(query, dialect, 1)[0] ?? 'null';
  const skeleton = canonicalForms(blankLiterals(query), dialect, 1)[0] ?? 'null';
  const { grouping, havings } = groupingOf(query);
  return {
    tables,
    outputColumns,
    shapeColumns,
    columns,
    aggregates: aggregatesOf(query),
    grouping,
    havings,
    comparisons: filterComparisons(JSON.parse(canonical) as Json, keys),
    literals: literalKeys(query),
    skeleton,
    canonical,
  };
}
