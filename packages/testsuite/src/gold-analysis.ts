// What the gold queries say about the data a variant should hold: which literal each column is
// compared with (so a fuzzed database still has rows the filter selects, and rows just outside
// it), and which columns are filtered or joined on (where NULLs are planted).
import {
  bodyOf,
  COMPARISON_KINDS,
  columnRef,
  isObject,
  type Json,
  type JsonObject,
  kindOf,
  literalOf,
  loadParser,
  unparen,
} from './sql-ast.js';

/** The part of a schema literal attribution needs (the datasource's DatabaseSchema fits). */
export interface SchemaShape {
  tables: readonly { name: string; columns: readonly { name: string }[] }[];
}

/** A literal a gold query compares one column with. */
export interface ColumnLiteral {
  table: string;
  column: string;
  kind: 'number' | 'string';
  value: string;
  /** The comparison: eq, neq, lt, lte, gt, gte, like, ilike, in, between. */
  op: string;
}

export interface GoldAnalysis {
  /** Literals attributed to the column they are compared with. */
  literals: ColumnLiteral[];
  /** `Table.Column` of every column read in WHERE, ON or HAVING. */
  hotColumns: string[];
}

type Scope = Map<string, string | null>;

class Resolver {
  private readonly tables = new Map<string, { name: string; columns: Map<string, string> }>();

  constructor(
    schema: SchemaShape,
    private readonly ctes: Set<string>,
  ) {
    for (const t of schema.tables) {
      this.tables.set(t.name.toLowerCase(), {
        name: t.name,
        columns: new Map(t.columns.map((c) => [c.name.toLowerCase(), c.name])),
      });
    }
  }

  /** The physical table a FROM item names, or null (CTE, unknown table). */
  physical(name: string): string | null {
    if (this.ctes.has(name.toLowerCase())) return null;
    return this.tables.get(name.toLowerCase())?.name ?? null;
  }

  /** `Table.Column` for a column reference seen through a chain of scopes, innermost first. */
  resolve(ref: { table?: string; column: string }, chain: readonly Scope[]): string | undefined {
    for (const scope of chain) {
      if (ref.table !== undefined) {
        if (!scope.has(ref.table.toLowerCase())) continue;
        const table = scope.get(ref.table.toLowerCase());
        return table ? this.column(table, ref.column) : undefined;
      }
      const owners = [...new Set(scope.values())]
        .filter((t): t is string => t !== null)
        .map((t) => this.column(t, ref.column))
        .filter((c): c is string => c !== undefined);
      if (owners.length === 1) return owners[0];
      if (owners.length > 1) return undefined;
    }
    return undefined;
  }

  private column(table: string, column: string): string | undefined {
    const t = this.tables.get(table.toLowerCase());
    const c = t?.columns.get(column.toLowerCase());
    return t && c ? `${t.name}.${c}` : undefined;
  }
}

function cteNames(root: Json, out = new Set<string>()): Set<string> {
  if (Array.isArray(root)) for (const x of root) cteNames(x, out);
  else if (isObject(root)) {
    const ctes = isObject(root.with) ? root.with.ctes : undefined;
    if (Array.isArray(ctes)) {
      for (const cte of ctes) {
        const alias = isObject(cte) && isObject(cte.alias) ? cte.alias.name : undefined;
        if (typeof alias === 'string') out.add(alias.toLowerCase());
      }
    }
    for (const k in root) cteNames(root[k]!, out);
  }
  return out;
}

function scopeOf(select: JsonObject, resolver: Resolver): Scope {
  const scope: Scope = new Map();
  const from = isObject(select.from) ? select.from.expressions : undefined;
  const joins = Array.isArray(select.joins) ? select.joins : [];
  const items = [
    ...(Array.isArray(from) ? from : []),
    ...joins.map((j) => (isObject(j) ? j.this : null)),
  ];
  for (const item of items) {
    const table = bodyOf(item, 'table');
    if (table !== undefined && isObject(table.name) && typeof table.name.name === 'string') {
      const alias = isObject(table.alias) ? table.alias.name : undefined;
      const key = typeof alias === 'string' ? alias : table.name.name;
      scope.set(key.toLowerCase(), resolver.physical(table.name.name));
      continue;
    }
    const sub = bodyOf(item, 'subquery');
    const alias = sub && isObject(sub.alias) ? sub.alias.name : undefined;
    if (typeof alias === 'string') scope.set(alias.toLowerCase(), null);
  }
  return scope;
}

/** Analyse one gold query; undefined when it does not parse as one query. */
export async function analyzeGold(
  sql: string,
  schema: SchemaShape,
): Promise<GoldAnalysis | undefined> {
  const sdk = await loadParser();
  const parsed = sdk.parse(sql, sdk.Dialect.SQLite);
  if (!parsed.success || !Array.isArray(parsed.ast) || parsed.ast.length !== 1) return undefined;
  const root = parsed.ast[0] as Json;
  const resolver = new Resolver(schema, cteNames(root));
  const literals: ColumnLiteral[] = [];
  const hot = new Set<string>();

  const predicate = (node: Json | undefined, chain: readonly Scope[]): void => {
    const kind = kindOf(node);
    if (kind === undefined) {
      if (Array.isArray(node)) for (const x of node) predicate(x, chain);
      else if (isObject(node)) for (const k in node) predicate(node[k], chain);
      return;
    }
    if (kind === 'select' || kind === 'union' || kind === 'intersect' || kind === 'except') {
      queries(node, chain);
      return;
    }
    const body = bodyOf(node)!;
    if (kind === 'column') {
      const ref = columnRef(node);
      const resolved = ref && resolver.resolve(ref, chain);
      if (resolved) hot.add(resolved);
      return;
    }
    const attribute = (col: Json | undefined, lit: Json | undefined, op: string) => {
      const ref = columnRef(col);
      const value = literalOf(lit);
      const resolved = ref && value && resolver.resolve(ref, chain);
      if (!resolved) return;
      const [table, column] = resolved.split('.') as [string, string];
      literals.push({ table, column, ...value, op });
    };
    if (COMPARISON_KINDS.has(kind)) {
      attribute(body.left, body.right, kind);
      attribute(body.right, body.left, kind);
    } else if (kind === 'between') {
      attribute(body.this, body.low, 'between');
      attribute(body.this, body.high, 'between');
    } else if (kind === 'in' && Array.isArray(body.expressions)) {
      for (const e of body.expressions) attribute(body.this, e, 'in');
    }
    for (const k in body) predicate(body[k], chain);
  };

  const queries = (node: Json | undefined, chain: readonly Scope[]): void => {
    if (Array.isArray(node)) {
      for (const x of node) queries(x, chain);
      return;
    }
    if (!isObject(node)) return;
    const select = bodyOf(node, 'select');
    if (select === undefined) {
      for (const k in node) queries(node[k], chain);
      return;
    }
    const inner = [scopeOf(select, resolver), ...chain];
    predicate(unparen(isObject(select.where_clause) ? select.where_clause.this : undefined), inner);
    predicate(unparen(isObject(select.having) ? select.having.this : undefined), inner);
    for (const j of Array.isArray(select.joins) ? select.joins : [])
      if (isObject(j)) predicate(j.on, inner);
    for (const k in select)
      if (k !== 'where_clause' && k !== 'having' && k !== 'joins') queries(select[k], inner);
    for (const j of Array.isArray(select.joins) ? select.joins : [])
      if (isObject(j)) queries(j.this, inner);
  };

  queries(root, []);
  return { literals, hotColumns: [...hot].sort() };
}
