// Scope resolution shared by L2 (schema), L3 (allowed tables) and readSet. Names are
// resolved per scope, never by name across the whole query: a CTE is visible to later
// CTEs and to the body of its WITH (and to itself only under RECURSIVE), so in
// `WITH salaries AS (SELECT * FROM salaries)` the inner `salaries` is the real table.
import type { Catalog, CatalogTable, TableName } from './catalog.js';
import { writtenName } from './catalog.js';
import { resolveColumn, starReads } from './column-resolution.js';
import type { SqlDialect } from './dialect.js';
import { identKey } from './dialect.js';
import type { Ident, Json, JsonObject } from './node.js';
import {
  arrayField,
  asKind,
  bodyOf,
  isObject,
  kindOf,
  objectField,
  toIdent,
  walkNodes,
} from './node.js';
import {
  type Analysis,
  type AnalysisContext,
  type Clause,
  type Cols,
  type CteBinding,
  OPEN,
  type Scope,
  SET_OPS,
  type TableUse,
} from './scope-model.js';

export type { Analysis, Clause, ColumnUse, TableUse } from './scope-model.js';

/** What `query` reads, with L2's findings when `catalog` is given. */
export function analyze(query: Json, dialect: SqlDialect, catalog?: Catalog): Analysis {
  const out: Analysis = {
    tables: [],
    columns: [],
    cteRefs: new Set(),
    tableFunctions: [],
    violations: [],
  };
  const key = (i: Ident) => identKey(dialect, i.name, i.quoted);
  const aliasClauses: Set<Clause> =
    dialect === 'sqlite'
      ? new Set(['where', 'group', 'having', 'order', 'window'])
      : new Set(['group', 'order']);

  const ctx: AnalysisContext = { out, dialect, catalog, key, aliasClauses };

  function namesOf(entry: CatalogTable): Cols {
    const names = new Map<string, string>();
    for (const [k, v] of entry.columns) names.set(k, v);
    return { open: false, names };
  }

  function lookupCte(env: CteBinding[], k: string): CteBinding | undefined {
    for (let i = env.length - 1; i >= 0; i--) if (env[i]!.key === k) return env[i];
    return undefined;
  }

  function processWith(withNode: Json | undefined, env: CteBinding[]): CteBinding[] {
    const w = isObject(withNode) ? withNode : undefined;
    if (!w) return env;
    const recursive = w.recursive === true;
    let cur = env;
    for (const cte of arrayField(w, 'ctes')) {
      if (!isObject(cte)) continue;
      const alias = toIdent(cte.alias);
      if (!alias) continue;
      const declared = arrayField(cte, 'columns')
        .map(toIdent)
        .filter((i): i is Ident => i !== undefined);
      const declaredCols: Cols | undefined =
        declared.length > 0
          ? { open: false, names: new Map(declared.map((i) => [key(i), i.name])) }
          : undefined;
      const self: CteBinding = { key: key(alias), cols: declaredCols ?? OPEN };
      let selfRef = recursive;
      if (!recursive && dialect === 'sqlite' && readsName(cte.this, self.key)) {
        // SQLite makes every self-reference recursive (RECURSIVE is optional there); a
        // non-compound body that names itself is SQLite's "circular reference" error.
        if (SET_OPS.has(kindOf(cte.this) ?? '')) selfRef = true;
        else {
          out.violations.push({
            rule: 'circular-cte',
            message: `CTE ${alias.name} reads itself without a recursive UNION (SQLite: circular reference)`,
          });
        }
      }
      const bodyEnv = selfRef ? [...cur, self] : cur;
      const bodyCols = analyzeQuery(cte.this, bodyEnv, undefined);
      cur = [...cur, { key: self.key, cols: declaredCols ?? bodyCols }];
    }
    return cur;
  }

  function readsName(v: Json | undefined, k: string): boolean {
    let found = false;
    walkNodes(v, (kind, b) => {
      if (found) return false;
      if (kind === 'table' && !b.schema && !b.catalog) {
        const n = toIdent(b.name);
        if (n && key(n) === k) found = true;
      }
      return !found;
    });
    return found;
  }

  /** Analyse a query node; returns its output columns. */
  function analyzeQuery(node: Json | undefined, env: CteBinding[], outer: Scope | undefined): Cols {
    const kind = kindOf(node);
    if (kind === undefined) return OPEN;
    const body = bodyOf(node as JsonObject, kind);
    if (kind === 'select') return analyzeSelect(body, env, outer);
    if (SET_OPS.has(kind)) {
      const env2 = processWith(body.with, env);
      const left = analyzeQuery(body.left, env2, outer);
      analyzeQuery(body.right, env2, outer);
      // ORDER BY of a set operation names its output columns (or ordinals).
      const scope: Scope = {
        sources: [{ key: '', cols: left }],
        aliases: new Set(),
        usingCols: new Set(),
        natural: false,
        ...(outer ? { parent: outer } : {}),
      };
      for (const k of ['order_by', 'limit', 'offset']) resolveIn(body[k], scope, env2, 'order');
      return left;
    }
    if (kind === 'subquery' || kind === 'paren') return analyzeQuery(body.this, env, outer);
    // VALUES, or a data-modifying statement inside a CTE (L3 blocks those): find nested
    // queries so their tables are still seen, and expose open columns.
    const scope: Scope = {
      sources: [],
      aliases: new Set(),
      usingCols: new Set(),
      natural: false,
      ...(outer ? { parent: outer } : {}),
    };
    for (const k in body) {
      if (k === 'table' || k === 'this') {
        const t = body[k];
        if (kindOf(t) === 'table') {
          addSource(t, scope, env);
          continue;
        }
      }
      walkForQueries(body[k], env, outer);
    }
    return OPEN;
  }

  function walkForQueries(v: Json | undefined, env: CteBinding[], outer: Scope | undefined): void {
    walkNodes(v, (kind, _body, node) => {
      if (kind === 'select' || SET_OPS.has(kind)) {
        analyzeQuery(node, env, outer);
        return false;
      }
      return true;
    });
  }

  function analyzeSelect(body: JsonObject, env0: CteBinding[], outer: Scope | undefined): Cols {
    const env = processWith(body.with, env0);
    const scope: Scope = {
      sources: [],
      aliases: new Set(),
      usingCols: new Set(),
      natural: false,
      ...(outer ? { parent: outer } : {}),
    };
    const onClauses: Json[] = [];
    for (const item of arrayField(objectField(body, 'from'), 'expressions')) {
      addSource(item, scope, env, onClauses);
    }
    addJoins(arrayField(body, 'joins'), scope, env, onClauses);

    const expressions = arrayField(body, 'expressions');
    for (const e of expressions) {
      const a = asKind(e, 'alias');
      const id = a ? toIdent(a.alias) : undefined;
      if (id) scope.aliases.add(key(id));
    }
    for (const e of expressions) resolveIn(e, scope, env, 'select');
    for (const on of onClauses) resolveIn(on, scope, env, 'join');
    const clauseOf: Record<string, Clause> = {
      where_clause: 'where',
      group_by: 'group',
      having: 'having',
      qualify: 'having',
      order_by: 'order',
      windows: 'window',
      distinct_on: 'select',
    };
    const handled = new Set(['with', 'from', 'joins', 'expressions', 'limit', 'offset', 'fetch']);
    for (const k in body) {
      if (handled.has(k)) continue;
      resolveIn(body[k], scope, env, clauseOf[k] ?? 'other');
    }
    // LIMIT/OFFSET hold no column references (LIMIT ALL parses as a column named ALL).
    for (const k of ['limit', 'offset', 'fetch']) walkForQueries(body[k], env, scope);
    return outputsOf(expressions, scope);
  }

  function addJoins(joins: Json[], scope: Scope, env: CteBinding[], onClauses: Json[]): void {
    for (const j of joins) {
      if (!isObject(j)) continue;
      addSource(j.this, scope, env, onClauses);
      if (j.on !== undefined && j.on !== null) onClauses.push(j.on);
      for (const u of arrayField(j, 'using')) {
        const id = toIdent(u) ?? toIdent(asKind(u, 'column')?.name);
        if (!id) continue;
        const k = key(id);
        scope.usingCols.add(k);
        // USING (col) reads col from the joined source and from the earlier source(s) having it
        const joined = scope.sources[scope.sources.length - 1];
        const earlier = scope.sources.slice(0, -1);
        const known = earlier.filter((x) => !x.cols.open && x.cols.names.has(k));
        const left = known.length > 0 ? known : earlier.length === 1 ? earlier : [];
        for (const src of joined ? [...left, joined] : left) {
          if (!src.table) continue;
          const real = src.cols.open ? id.name : (src.cols.names.get(k) ?? id.name);
          out.columns.push({
            column: id,
            clause: 'join',
            reads: [{ table: src.table, column: real }],
            target: 'table',
          });
        }
      }
      if (j.kind === 'Natural' || (typeof j.kind === 'string' && j.kind.startsWith('Natural'))) {
        scope.natural = true;
      }
    }
  }

  function addSource(
    item: Json | undefined,
    scope: Scope,
    env: CteBinding[],
    onClauses: Json[] = [],
  ): void {
    const kind = kindOf(item);
    if (kind === undefined) return;
    const node = item as JsonObject;
    const body = bodyOf(node, kind);
    if (kind === 'table') {
      const name = toIdent(body.name);
      if (!name) return;
      const schema = toIdent(body.schema);
      const cat = toIdent(body.catalog);
      const alias = toIdent(body.alias);
      const binding = !schema && !cat ? lookupCte(env, key(name)) : undefined;
      if (binding) {
        out.cteRefs.add(node);
        scope.sources.push({ key: key(alias ?? name), cols: binding.cols });
        return;
      }
      const tableName: TableName = {
        name,
        ...(schema ? { schema } : {}),
        ...(cat ? { catalog: cat } : {}),
      };
      const entry = catalog?.lookup(tableName);
      const use: TableUse = { name: tableName, node, ...(entry ? { entry } : {}) };
      out.tables.push(use);
      if (catalog && !entry) {
        const near = catalog.nearCase(tableName);
        const hint = near
          ? ` (did you mean "${near.table.name}"? ${name.quoted ? 'quoted names are case-sensitive' : 'PostgreSQL folds unquoted names to lower case'})`
          : '';
        out.violations.push({
          rule: 'unknown-table',
          message: `unknown table: ${writtenName(tableName)}${hint}`,
        });
      }
      scope.sources.push({
        key: key(alias ?? name),
        cols: entry ? namesOf(entry) : OPEN,
        table: use,
      });
      return;
    }
    if (kind === 'subquery') {
      const lateral = body.lateral === true;
      const cols = analyzeQuery(body.this, env, lateral ? scope : scope.parent);
      const alias = toIdent(body.alias);
      scope.sources.push({ key: alias ? key(alias) : '', cols });
      return;
    }
    if (kind === 'joined_table') {
      addSource(body.left, scope, env, onClauses);
      addJoins(arrayField(body, 'joins'), scope, env, onClauses);
      return;
    }
    if (kind === 'paren') {
      addSource(body.this, scope, env, onClauses);
      return;
    }
    // Anything else in FROM is a table-valued function or a VALUES list.
    let fname = kind;
    let alias: Ident | undefined;
    walkNodes(node, (k, b) => {
      if (k === 'function' && fname === kind) fname = typeof b.name === 'string' ? b.name : k;
      if (k === 'table_alias' && !alias) alias = toIdent(b.this);
      return true;
    });
    alias ??= toIdent(body.alias);
    if (kind !== 'values') out.tableFunctions.push({ kind, name: fname });
    walkForQueries(node, env, scope.parent);
    scope.sources.push({ key: alias ? key(alias) : '', cols: OPEN });
  }

  function outputsOf(expressions: Json[], scope: Scope): Cols {
    const names = new Map<string, string>();
    for (const e of expressions) {
      const kind = kindOf(e);
      if (kind === undefined) continue;
      const body = bodyOf(e as JsonObject, kind);
      if (kind === 'alias') {
        const id = toIdent(body.alias);
        if (id) names.set(key(id), id.name);
      } else if (kind === 'column') {
        const id = toIdent(body.name);
        if (id) names.set(key(id), id.name);
      } else if (kind === 'star') {
        const q = toIdent(body.table);
        const from = q ? scope.sources.filter((s) => s.key === key(q)) : scope.sources;
        for (const s of from) {
          if (s.cols.open) return OPEN;
          for (const [k, v] of s.cols.names) names.set(k, v);
        }
      }
    }
    return { open: false, names };
  }

  function resolveIn(v: Json | undefined, scope: Scope, env: CteBinding[], clause: Clause): void {
    walkNodes(v, (kind, body, node) => {
      if (kind === 'column') {
        resolveColumn(ctx, body, scope, clause);
        return false;
      }
      if (kind === 'select' || SET_OPS.has(kind)) {
        analyzeQuery(node, env, scope);
        return false;
      }
      if (kind === 'star') {
        starReads(ctx, body, scope, clause);
        return false;
      }
      if (kind === 'method_call') {
        // schema.fn(...): the receiver is a schema name, not a column
        resolveIn(body.args, scope, env, clause);
        return false;
      }
      return true;
    });
  }

  analyzeQuery(query, [], undefined);
  return out;
}
