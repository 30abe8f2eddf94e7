// The error class of a failing case (004 §4.5, Table 4, App. D.11): why a prediction that
// did not match the gold failed, as one class chosen by a fixed precedence, with every class
// whose test held and the evidence in words. See decisions/failure-taxonomy.md for the tests
// and why the precedence is what it is. A diagnostic: it never changes a case's status.

import { ERROR_CLASSES, type ErrorClass } from '@nl2sql/diagnostics';
import type { Catalog } from './catalog.js';
import { buildCatalog } from './catalog.js';
import type { SqlDialect } from './dialect.js';
import { catalogKey, toDialect } from './dialect.js';
import type { FilterComparison } from './filter-comparisons.js';
import { valueKey } from './filter-comparisons.js';
import type { KeyedSchemaLike, KeyIndex } from './keyed-schema.js';
import { keyIndex } from './keyed-schema.js';
import { loadSdk } from './load.js';
import type { Json, JsonObject } from './node.js';
import { asKind, bodyOf, isObject, kindOf } from './node.js';
import { parseOneQuery } from './query-parse.js';
import type { QueryShape } from './query-shape.js';
import { queryShape } from './query-shape.js';
import { selectListChange } from './select-list-change.js';

// The classes, in precedence order (a failure takes the first class whose test holds), are
// defined in @nl2sql/diagnostics, which the records and boards read without the parser.
export { ERROR_CLASSES, type ErrorClass };

/** What the comparison of the prediction's rows with the gold's said. */
export interface FailureVerdict {
  /** Strict execution match: the case passed, and has no error class. */
  pass: boolean;
  /**
   * Lenient match: every gold column is in the result, row for row (extra columns, another
   * column order). Omit when it was not computed: the SQL alone is then read for extra columns.
   */
  lenientPass?: boolean;
  /** False when the prediction did not run (the database refused or failed it). Default true. */
  executed?: boolean;
}

export interface ErrorClassInput {
  goldSql: string;
  /** The prediction's SQL; null or blank when the system gave none (a refusal, a clarification). */
  predSql: string | null | undefined;
  dialect: SqlDialect | string;
  verdict: FailureVerdict;
  /** The schema, with keys if known (the datasource's introspection fits). Needed to attribute unqualified columns and to tell entity keys. */
  schema?: KeyedSchemaLike;
  /**
   * 004's reference (lookup) tables: categories a question selects by value (`Genre`,
   * `MediaType`), or single columns (`Customer.Country`). A wrong value there is a lookup
   * constraint (filter_values), not entity linking.
   */
  lookupTables?: readonly string[];
}

export interface ErrorClassification {
  /** The first applicable class in precedence order; null when the case passed. */
  errorClass: ErrorClass | null;
  /** Every class whose test held, in precedence order. */
  applicable: ErrorClass[];
  /** One line per finding. */
  evidence: string[];
}

const list = (xs: Iterable<string>) => [...xs].sort().join(', ') || 'nothing';

function setDiff(a: Set<string>, b: Set<string>): string[] {
  return [...a].filter((x) => !b.has(x)).sort();
}

function sameSet(a: Set<string>, b: Set<string>): boolean {
  return a.size === b.size && [...a].every((x) => b.has(x));
}

function describeValue(c: FilterComparison): string {
  const v = c.literal.kind === 'string' ? `'${c.literal.value}'` : c.literal.value;
  const col = c.column === null ? '' : ` (${c.table === null ? '' : `${c.table}.`}${c.column})`;
  return `${v}${col}`;
}

const DATE_LIKE = /^\d{4}-\d{2}(-\d{2})?([ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?$/;

/**
 * Does a filter value name an entity (entity linking) or is it a value or a lookup
 * constraint (filter_values)? See decisions/failure-taxonomy.md.
 */
function namesEntity(c: FilterComparison, keys: KeyIndex, lookup: Set<string>): boolean {
  if (c.table !== null && c.column !== null) {
    const referenced = keys.references(c.table, c.column);
    if (
      lookup.has(c.table) ||
      lookup.has(`${c.table}.${c.column}`) ||
      (referenced !== undefined && lookup.has(referenced))
    )
      return false;
  }
  if (c.literal.kind === 'string') {
    if (c.op === 'like' || c.op === 'ilike' || c.op === 'glob') return false;
    if (c.op !== 'eq' && c.op !== 'neq' && c.op !== 'in') return false; // a range of text
    const v = c.literal.value.trim();
    if (DATE_LIKE.test(v) || (v !== '' && Number.isFinite(Number(v)))) return false;
    return true;
  }
  // A number is an entity when it is an identifier: a primary or foreign key of a table.
  return c.table !== null && c.column !== null && keys.isKey(c.table, c.column);
}

function lookupKeys(tables: readonly string[] | undefined, dialect: SqlDialect): Set<string> {
  const out = new Set<string>();
  for (const t of tables ?? []) {
    const dot = t.indexOf('.');
    out.add(
      dot < 0
        ? catalogKey(dialect, t)
        : `${catalogKey(dialect, t.slice(0, dot))}.${catalogKey(dialect, t.slice(dot + 1))}`,
    );
  }
  return out;
}

/** The outermost SELECT's body in the canonical form, through wrapping parentheses. */
function outerSelect(canonical: string): JsonObject | undefined {
  let v = JSON.parse(canonical) as Json;
  for (;;) {
    const k = kindOf(v);
    if (k === 'subquery' || k === 'paren') v = bodyOf(v as JsonObject, k).this ?? null;
    else break;
  }
  return asKind(v, 'select');
}

function joinKinds(canonical: string): string {
  const kinds: string[] = [];
  const visit = (v: Json | undefined): void => {
    if (Array.isArray(v)) {
      for (const x of v) visit(x);
      return;
    }
    if (!isObject(v)) return;
    if (Array.isArray(v.joins)) {
      for (const j of v.joins) if (isObject(j) && typeof j.kind === 'string') kinds.push(j.kind);
    }
    for (const k in v) visit(v[k]);
  };
  visit(JSON.parse(canonical) as Json);
  return kinds.sort().join(',');
}

/** What else differs, in words, when no class of the taxonomy applies. */
function otherDifferences(gold: QueryShape, pred: QueryShape): string[] {
  if (gold.canonical === pred.canonical)
    return ['the queries have the same canonical form (the rows differ for another reason)'];
  const out: string[] = [];
  const g = outerSelect(gold.canonical);
  const p = outerSelect(pred.canonical);
  if (g && p) {
    const same = (k: string) => JSON.stringify(g[k] ?? null) === JSON.stringify(p[k] ?? null);
    if (!same('distinct')) out.push('DISTINCT differs');
    if (!same('order_by')) out.push('ORDER BY differs');
    if (!same('limit') || !same('offset')) out.push('LIMIT / OFFSET differs');
  } else if (kindOf(JSON.parse(gold.canonical)) !== kindOf(JSON.parse(pred.canonical))) {
    out.push('the query kinds differ (set operation or SELECT)');
  }
  if (joinKinds(gold.canonical) !== joinKinds(pred.canonical)) out.push('join kinds differ');
  if (out.length === 0)
    out.push('the query structure differs (subqueries, set operations or expressions)');
  return out;
}

interface ValueFindings {
  entity: string[];
  value: string[];
  moved: string[];
}

function valueFindings(
  gold: QueryShape,
  pred: QueryShape,
  keys: KeyIndex,
  lookup: Set<string>,
): ValueFindings {
  const out: ValueFindings = { entity: [], value: [], moved: [] };
  const goldValues = new Set(gold.comparisons.map((c) => valueKey(c.literal)));
  const seen = new Set<string>();
  for (const c of gold.comparisons) {
    const key = valueKey(c.literal);
    if (seen.has(`g${key}`)) continue;
    seen.add(`g${key}`);
    if (!pred.literals.has(key)) {
      const line = `gold filter value ${describeValue(c)} is missing from the prediction`;
      (namesEntity(c, keys, lookup) ? out.entity : out.value).push(line);
      continue;
    }
    // The value is there: is it compared with the same column?
    if (c.column === null) continue;
    const same = pred.comparisons.filter((p) => valueKey(p.literal) === key);
    const onColumn = same.some(
      (p) => p.column === c.column && (p.table === c.table || p.table === null || c.table === null),
    );
    const elsewhere = same.filter((p) => p.column !== null && p.column !== c.column);
    if (!onColumn && elsewhere.length > 0) {
      out.moved.push(
        `${describeValue(c)} is compared with ${elsewhere.map((p) => `${p.table === null ? '' : `${p.table}.`}${p.column}`).join(', ')} in the prediction`,
      );
    }
  }
  for (const c of pred.comparisons) {
    const key = valueKey(c.literal);
    if (goldValues.has(key) || seen.has(`p${key}`)) continue;
    seen.add(`p${key}`);
    const line = `the prediction filters on ${describeValue(c)}, which the gold does not`;
    (namesEntity(c, keys, lookup) ? out.entity : out.value).push(line);
  }
  return out;
}

/**
 * The error class of one case run (004's taxonomy). Never throws for odd SQL: a query the
 * parser cannot read is `unclassified`, with the reason in `evidence`.
 */
export async function errorClass(input: ErrorClassInput): Promise<ErrorClassification> {
  const { verdict } = input;
  if (verdict.pass) return { errorClass: null, applicable: [], evidence: [] };
  const predSql = input.predSql ?? '';
  if (predSql.trim() === '') {
    return {
      errorClass: 'no_sql',
      applicable: ['no_sql'],
      evidence: ['the system gave no SQL'],
    };
  }
  if (verdict.executed === false) {
    return {
      errorClass: 'execution_error',
      applicable: ['execution_error'],
      evidence: ['the prediction did not run'],
    };
  }
  const dialect = toDialect(input.dialect);
  const applicable: ErrorClass[] = [];
  const evidence: string[] = [];
  const add = (c: ErrorClass, lines: string[]) => {
    if (!applicable.includes(c)) applicable.push(c);
    evidence.push(...lines.map((l) => `${c}: ${l}`));
  };
  if (verdict.lenientPass === true) {
    add('presentation_only', [
      "lenient match: the result holds the gold's columns, with extra columns or in another order",
    ]);
  }

  const sdk = await loadSdk();
  const g = parseOneQuery(sdk, input.goldSql, dialect);
  const p = parseOneQuery(sdk, predSql, dialect);
  if (!g.ok || !p.ok) {
    if (applicable.length > 0) return { errorClass: applicable[0]!, applicable, evidence };
    return {
      errorClass: 'unclassified',
      applicable: ['unclassified'],
      evidence: [
        !g.ok
          ? `unclassified: the gold SQL is not one query: ${g.reason}`
          : `unclassified: the prediction is not one query the parser reads: ${(p as { reason: string }).reason}`,
      ],
    };
  }

  const catalog: Catalog | undefined = input.schema
    ? buildCatalog(input.schema, dialect)
    : undefined;
  const keys = keyIndex(input.schema, dialect);
  const gold = queryShape(g.query, dialect, catalog, keys);
  const pred = queryShape(p.query, dialect, catalog, keys);

  const selectChange = selectListChange(g.query, p.query, dialect);
  if (selectChange?.kind === 'dropped' && selectChange.nonEssential) {
    add('presentation_only', [
      `the prediction is the gold without the plain column(s) ${selectChange.columns.join(', ')}`,
    ]);
  } else if (selectChange?.kind === 'added' && verdict.lenientPass === undefined) {
    add('presentation_only', [
      `the prediction is the gold with the extra column(s) ${selectChange.columns.join(', ')}`,
    ]);
  }

  if (!sameSet(gold.tables, pred.tables)) {
    const missing = setDiff(gold.tables, pred.tables);
    const extra = setDiff(pred.tables, gold.tables);
    add('table_selection', [
      `gold reads ${list(gold.tables)}; the prediction reads ${list(pred.tables)}` +
        (missing.length > 0 ? ` (missing ${missing.join(', ')})` : '') +
        (extra.length > 0 ? ` (extra ${extra.join(', ')})` : ''),
    ]);
  }

  const aggregation: string[] = [];
  if (gold.aggregates.join('|') !== pred.aggregates.join('|')) {
    aggregation.push(
      `aggregates: gold ${gold.aggregates.join(', ') || 'none'}; the prediction ${pred.aggregates.join(', ') || 'none'}`,
    );
  }
  if (gold.grouping.join('|') !== pred.grouping.join('|')) {
    const g2 = (x: number[]) =>
      x.length === 0 ? 'no GROUP BY' : `GROUP BY of ${x.join(', ')} key(s)`;
    aggregation.push(`grouping: gold ${g2(gold.grouping)}; the prediction ${g2(pred.grouping)}`);
  }
  if (aggregation.length > 0) add('aggregation', aggregation);

  const values = valueFindings(gold, pred, keys, lookupKeys(input.lookupTables, dialect));
  const columns: string[] = [];
  if (!sameSet(gold.outputColumns, pred.outputColumns)) {
    columns.push(
      `select list reads ${list(gold.outputColumns)} in the gold, ${list(pred.outputColumns)} in the prediction`,
    );
  } else if (!sameSet(gold.shapeColumns, pred.shapeColumns)) {
    columns.push(
      `joins or grouping read ${list(setDiff(gold.shapeColumns, pred.shapeColumns))} in the gold and ${list(setDiff(pred.shapeColumns, gold.shapeColumns))} in the prediction`,
    );
  }
  columns.push(...values.moved);
  if (columns.length > 0) add('column_selection', columns);
  if (values.entity.length > 0) add('entity_linking', values.entity);
  if (values.value.length > 0) add('filter_values', values.value);
  else if (
    values.entity.length === 0 &&
    values.moved.length === 0 &&
    gold.filterSkeleton !== pred.filterSkeleton
  ) {
    // the same values, constrained another way: an operator, a negation, a predicate
    // without a value added or dropped (004's lookup constraints are WHERE fragments)
    add('filter_values', [
      'the filter predicates differ with the same values (an operator, a negation, or a predicate without a value)',
    ]);
  }

  if (applicable.length === 0) add('other', otherDifferences(gold, pred));
  const ordered = ERROR_CLASSES.filter((c) => applicable.includes(c));
  return { errorClass: ordered[0] ?? 'other', applicable: ordered, evidence };
}
