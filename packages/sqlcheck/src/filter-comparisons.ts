// The values a query filters on, each with the column it is compared with: the literal
// operands of comparisons (=, <>, <, <=, >, >=, LIKE, IN, BETWEEN) in WHERE, JOIN ... ON,
// HAVING and QUALIFY of every scope. Function arguments are not filter values (the '%Y' of
// strftime('%Y', d) = '2003' is a format; '2003' is the value, compared with d).
//
// It reads the canonical tree (canonical.ts), where table aliases are already replaced by
// table names in every scope (correlated references included), so `t.Name` and
// `Track.Name` are the same column. Self-joined tables carry a `#n` suffix there, dropped here.
import type { KeyIndex } from './keyed-schema.js';
import type { Json, JsonObject } from './node.js';
import { arrayField, asKind, bodyOf, isObject, kindOf, objectField, toIdent } from './node.js';

export interface FilterValue {
  kind: 'number' | 'string';
  /** Numbers in canonical form ("1.50" -> "1.5", "-5"); strings as written. */
  value: string;
}

export interface FilterComparison {
  literal: FilterValue;
  /** The operator: eq, neq, lt, lte, gt, gte, like, ilike, in, between. */
  op: string;
  /** The column's table (catalog key), when it is known. */
  table: string | null;
  /** The column (its key), or null when the literal is compared with an expression of several columns or none. */
  column: string | null;
}

const COMPARISONS = new Set(['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'like', 'ilike', 'glob']);
const QUERY_KINDS = new Set(['select', 'union', 'intersect', 'except']);

export function canonicalNumber(text: string): string {
  const n = Number(text);
  return Number.isFinite(n) ? String(n) : text;
}

/** The literal an operand is, through parentheses, casts and a unary minus. */
export function literalOf(v: Json | undefined): FilterValue | undefined {
  const k = kindOf(v);
  if (k === undefined) return undefined;
  const b = bodyOf(v as JsonObject, k);
  if (k === 'literal' && typeof b.value === 'string') {
    if (b.literal_type === 'number') return { kind: 'number', value: canonicalNumber(b.value) };
    if (b.literal_type === 'string') return { kind: 'string', value: b.value };
    return undefined;
  }
  if (k === 'paren' || k === 'cast' || k === 'try_cast') return literalOf(b.this);
  if (k === 'neg') {
    const inner = literalOf(b.this);
    return inner?.kind === 'number'
      ? { kind: 'number', value: canonicalNumber(`-${inner.value}`) }
      : undefined;
  }
  return undefined;
}

/** Every literal in a tree (any position), as `kind\0value` keys. */
export function literalKeys(tree: Json): Set<string> {
  const out = new Set<string>();
  const visit = (v: Json | undefined): void => {
    if (Array.isArray(v)) {
      for (const x of v) visit(x);
      return;
    }
    if (!isObject(v)) return;
    const lit = kindOf(v) === 'literal' || kindOf(v) === 'neg' ? literalOf(v) : undefined;
    if (lit) {
      out.add(valueKey(lit));
      return;
    }
    for (const k in v) visit(v[k]);
  };
  visit(tree);
  return out;
}

export function valueKey(v: FilterValue): string {
  return `${v.kind}\u0000${v.value}`;
}

/** A canonical table name without its self-join number. */
function baseTable(name: string): string {
  const hash = name.lastIndexOf('#');
  return hash > 0 && /^\d+$/.test(name.slice(hash + 1)) ? name.slice(0, hash) : name;
}

interface ColumnRef {
  table: string | null;
  column: string;
}

/** The one column an operand reads (through functions and casts), if exactly one. */
function columnOf(v: Json | undefined): ColumnRef | 'none' | 'many' {
  const found = new Map<string, ColumnRef>();
  const visit = (x: Json | undefined): void => {
    if (Array.isArray(x)) {
      for (const y of x) visit(y);
      return;
    }
    if (!isObject(x)) return;
    const k = kindOf(x);
    if (k !== undefined && (QUERY_KINDS.has(k) || k === 'subquery' || k === 'exists')) {
      found.set('\u0001query', { table: null, column: '' });
      return;
    }
    const col = asKind(x, 'column');
    if (col) {
      const name = toIdent(col.name)?.name;
      if (name === undefined) return;
      const t = toIdent(col.table)?.name;
      const table = t === undefined ? null : baseTable(t);
      found.set(`${table ?? ''}.${name}`, { table, column: name });
      return;
    }
    for (const key in x) visit(x[key]);
  };
  visit(v);
  if (found.size === 0) return 'none';
  if (found.size > 1 || found.has('\u0001query')) return 'many';
  return [...found.values()][0]!;
}

/**
 * Filter comparisons of a canonical query tree. Unqualified columns in a scope of several
 * tables are attributed through `keys` (the one table in scope that has the column).
 */
export function filterComparisons(canonical: Json, keys: KeyIndex): FilterComparison[] {
  const out: FilterComparison[] = [];
  // tables of the enclosing selects, innermost last (correlated references look outwards)
  const scopes: string[][] = [];

  const attribute = (ref: ColumnRef): { table: string | null; column: string } => {
    if (ref.table !== null) return ref;
    for (let i = scopes.length - 1; i >= 0; i--) {
      const owners = scopes[i]!.filter((t) => keys.hasColumn(t, ref.column) === true);
      if (owners.length === 1) return { table: owners[0]!, column: ref.column };
      if (owners.length > 1) break;
    }
    return ref;
  };

  const emit = (op: string, literalSide: Json | undefined, other: Json | undefined) => {
    const literal = literalOf(literalSide);
    if (!literal) return false;
    if (literalOf(other) !== undefined) return false; // literal against literal: no data read
    const col = columnOf(other);
    const ref = typeof col === 'string' ? { table: null, column: null } : attribute(col);
    out.push({ literal, op, table: ref.table, column: ref.column });
    return true;
  };

  // Comparisons in one filter clause, not descending into nested queries (visited as selects).
  const inFilter = (v: Json | undefined): void => {
    if (Array.isArray(v)) {
      for (const x of v) inFilter(x);
      return;
    }
    if (!isObject(v)) return;
    const k = kindOf(v);
    if (k !== undefined && QUERY_KINDS.has(k)) {
      visitQuery(v);
      return;
    }
    if (k !== undefined && COMPARISONS.has(k)) {
      const b = bodyOf(v, k);
      if (!emit(k, b.right, b.left)) emit(k, b.left, b.right);
      inFilter(b.left);
      inFilter(b.right);
      return;
    }
    if (k === 'in') {
      const b = bodyOf(v, k);
      for (const e of arrayField(b, 'expressions')) emit('in', e, b.this);
      inFilter(b.this);
      inFilter(b.query);
      return;
    }
    if (k === 'between') {
      const b = bodyOf(v, k);
      emit('between', b.low, b.this);
      emit('between', b.high, b.this);
      inFilter(b.this);
      return;
    }
    for (const key in v) inFilter(v[key]);
  };

  const visitQuery = (v: Json | undefined): void => {
    if (Array.isArray(v)) {
      for (const x of v) visitQuery(x);
      return;
    }
    if (!isObject(v)) return;
    const sel = asKind(v, 'select');
    if (!sel) {
      for (const key in v) visitQuery(v[key]);
      return;
    }
    const tables: string[] = [];
    const sources = [
      ...arrayField(objectField(sel, 'from'), 'expressions'),
      ...arrayField(sel, 'joins').map((j) => (isObject(j) ? (j.this ?? null) : null)),
    ];
    for (const s of sources) {
      const name = toIdent(asKind(s, 'table')?.name)?.name;
      if (name !== undefined) tables.push(baseTable(name));
    }
    scopes.push(tables);
    inFilter(objectField(sel, 'where_clause')?.this);
    inFilter(objectField(sel, 'having')?.this);
    inFilter(objectField(sel, 'qualify')?.this);
    for (const j of arrayField(sel, 'joins')) if (isObject(j)) inFilter(j.on);
    // nested queries elsewhere (select list, FROM subqueries, CTEs) have filters of their own
    for (const key in sel) {
      if (key === 'where_clause' || key === 'having' || key === 'qualify' || key === 'joins')
        continue;
      visitQuery(sel[key]);
    }
    for (const j of arrayField(sel, 'joins')) if (isObject(j)) visitQuery(j.this);
    scopes.pop();
  };

  visitQuery(canonical);
  return out;
}
