// Diagnostic `constant_query`: the values a query returns are written in its text, not
// read from the database, so it matches a gold result only because someone knew the
// answer (`SELECT 'Rock' AS Name`, `SELECT 3`). Never a failure of L1-L3: a caller (the
// runner, a board) decides what to do with it. A query is constant when:
//   reads-no-table   it reads no stored table at all, in any clause, CTE or subquery
//                    (`SELECT 3`, `VALUES (1)`, `WITH x AS (SELECT 'a') SELECT * FROM x`,
//                    a recursive number series);
//   constant-values  it reads tables, but every output column of the outermost query (each
//                    branch of a UNION) is built only from literals, operators and
//                    row-independent functions, or from columns of CTEs, subqueries and
//                    VALUES lists that are themselves constant. The tables then only decide
//                    how many rows come back (`SELECT 3 FROM Track LIMIT 1`,
//                    `SELECT 'Rock' WHERE EXISTS (SELECT 1 FROM Genre ...)`).
// Aggregates and window functions (`COUNT(*)`, `ROW_NUMBER() OVER ()`) summarise rows and
// are not constant, even over a constant argument; a scalar subquery is constant when its
// own output is; EXISTS is constant only when its subquery reads no table.

import { AGGREGATE_KINDS, AGGREGATE_NAMES } from './aggregate-kinds.js';
import type { SqlDialect } from './dialect.js';
import { identKey, toDialect } from './dialect.js';
import { loadSdk } from './load.js';
import type { Ident, Json, JsonObject } from './node.js';
import { arrayField, asKind, bodyOf, isObject, kindOf, toIdent, walkNodes } from './node.js';
import { parseOneQuery } from './query-parse.js';
import { analyze } from './scope.js';

export interface ConstantQuery {
  /** True when every value the query returns is written in the query, not read from the database. */
  constant: boolean;
  /** Why, when constant: it reads no table, or it reads tables but returns only constants. */
  reason?: 'reads-no-table' | 'constant-values';
  /** For people: what makes it constant. */
  message?: string;
  /** Set when `sql` is not one query (L1 fails); `constant` is then false. */
  error?: string;
}

const SET_OPS = new Set(['union', 'intersect', 'except']);

/** Output columns of a query: constness by name, and by position for set operations. */
interface Outputs {
  byName: Map<string, boolean>;
  byPosition: boolean[];
}

interface Source {
  key: string;
  /** undefined: a stored table (nothing constant); else its outputs. */
  outputs?: Outputs;
}

/** @internal The diagnostic over an already parsed query. */
export function constantOf(query: Json, dialect: SqlDialect): ConstantQuery {
  const key = (i: Ident) => identKey(dialect, i.name, i.quoted);
  const top = outputsOf(query, [], [], key);
  const constantOutputs = top.byPosition.length > 0 && top.byPosition.every(Boolean);
  // Full scope analysis only when it can matter (this runs on every runChecks): the
  // outputs are constant, or every table the query names could be one of its CTEs.
  if (
    (constantOutputs || onlyCteNames(query, key)) &&
    analyze(query, dialect).tables.length === 0
  ) {
    return {
      constant: true,
      reason: 'reads-no-table',
      message: 'the query reads no table: its result is fixed by its text',
    };
  }
  if (constantOutputs) {
    return {
      constant: true,
      reason: 'constant-values',
      message:
        'every column it returns is a constant written in the query; the tables it reads only decide how many rows come back',
    };
  }
  return { constant: false };
}

type Key = (i: Ident) => string;
type CteEnv = { key: string; outputs: Outputs }[];

function outputsOf(node: Json | undefined, env: CteEnv, outer: Source[], key: Key): Outputs {
  const kind = kindOf(node);
  const none: Outputs = { byName: new Map(), byPosition: [] };
  if (kind === undefined) return none;
  const body = bodyOf(node as JsonObject, kind);
  if (kind === 'subquery' || kind === 'paren') return outputsOf(body.this, env, outer, key);
  if (kind === 'values') {
    const rows = arrayField(body, 'expressions');
    const width = rows.reduce<number>(
      (w, r) => Math.max(w, arrayField(isObject(r) ? r : undefined, 'expressions').length),
      0,
    );
    const byPosition = Array.from({ length: width }, (_, i) =>
      rows.every((r) =>
        exprConstant(arrayField(isObject(r) ? r : undefined, 'expressions')[i], [], env, key),
      ),
    );
    return { byName: new Map(), byPosition };
  }
  if (SET_OPS.has(kind)) {
    const env2 = withCtes(body.with, env, outer, key);
    const left = outputsOf(body.left, env2, outer, key);
    const right = outputsOf(body.right, env2, outer, key);
    const byPosition = left.byPosition.map((c, i) => c && (right.byPosition[i] ?? false));
    const byName = new Map<string, boolean>();
    [...left.byName.keys()].forEach((n, i) => {
      byName.set(n, byPosition[i] ?? false);
    });
    return { byName, byPosition };
  }
  if (kind !== 'select') return none;
  const env2 = withCtes(body.with, env, outer, key);
  const sources: Source[] = [];
  const fromItems = [
    ...arrayField(isObject(body.from) ? body.from : undefined, 'expressions'),
    ...arrayField(body, 'joins').map((j) => (isObject(j) ? j.this : null)),
  ];
  for (const item of fromItems) addSource(item, sources, env2, outer, key);
  const scope = [...sources, ...outer];
  const byName = new Map<string, boolean>();
  const byPosition: boolean[] = [];
  for (const e of arrayField(body, 'expressions')) {
    const star = asKind(e, 'star');
    if (star) {
      const q = toIdent(star.table);
      for (const s of sources) {
        if (q && s.key !== key(q)) continue;
        if (!s.outputs) {
          byPosition.push(false);
          continue;
        }
        s.outputs.byPosition.forEach((c) => {
          byPosition.push(c);
        });
        for (const [n, c] of s.outputs.byName) byName.set(n, c);
      }
      continue;
    }
    const c = exprConstant(e, scope, env2, key);
    byPosition.push(c);
    const a = asKind(e, 'alias');
    const id = a ? toIdent(a.alias) : toIdent(asKind(e, 'column')?.name);
    if (id) byName.set(key(id), c);
  }
  return { byName, byPosition };
}

function withCtes(w: Json | undefined, env: CteEnv, outer: Source[], key: Key): CteEnv {
  if (!isObject(w)) return env;
  let cur = env;
  for (const cte of arrayField(w, 'ctes')) {
    if (!isObject(cte)) continue;
    const alias = toIdent(cte.alias);
    if (!alias) continue;
    // A recursive CTE's own reference is unknown while it is being analysed: not constant.
    const outputs = outputsOf(cte.this, cur, outer, key);
    const declared = arrayField(cte, 'columns')
      .map(toIdent)
      .filter((i): i is Ident => i !== undefined);
    if (declared.length > 0) {
      outputs.byName = new Map(declared.map((d, i) => [key(d), outputs.byPosition[i] ?? false]));
    }
    cur = [...cur, { key: key(alias), outputs }];
  }
  return cur;
}

function addSource(
  item: Json | undefined,
  sources: Source[],
  env: CteEnv,
  outer: Source[],
  key: Key,
): void {
  const kind = kindOf(item);
  if (kind === undefined) return;
  const body = bodyOf(item as JsonObject, kind);
  if (kind === 'table') {
    const name = toIdent(body.name);
    if (!name) return;
    const ref = key(toIdent(body.alias) ?? name);
    const cte = !body.schema ? [...env].reverse().find((c) => c.key === key(name)) : undefined;
    sources.push(cte ? { key: ref, outputs: cte.outputs } : { key: ref });
    return;
  }
  if (kind === 'subquery') {
    const outputs = outputsOf(
      body.this,
      env,
      body.lateral === true ? [...sources, ...outer] : outer,
      key,
    );
    const renamed = arrayField(body, 'column_aliases')
      .map(toIdent)
      .filter((i): i is Ident => i !== undefined);
    if (renamed.length > 0) {
      outputs.byName = new Map(renamed.map((d, i) => [key(d), outputs.byPosition[i] ?? false]));
    }
    const alias = toIdent(body.alias);
    sources.push({ key: alias ? key(alias) : '', outputs });
    return;
  }
  if (kind === 'paren') {
    addSource(body.this, sources, env, outer, key);
    return;
  }
  // a table function or anything else: treat as read from the database
  sources.push({ key: '' });
}

/** Is an expression fixed by the text, given the sources in scope? */
function exprConstant(e: Json | undefined, scope: Source[], env: CteEnv, key: Key): boolean {
  let constant = true;
  walkNodes(e, (kind, b, node) => {
    if (!constant) return false;
    if (AGGREGATE_KINDS.has(kind)) constant = false;
    else if (
      kind === 'function' &&
      typeof b.name === 'string' &&
      AGGREGATE_NAMES.has(b.name.toLowerCase())
    ) {
      constant = false;
    } else if (kind === 'column') {
      constant = columnConstant(b, scope, key);
    } else if (kind === 'exists') {
      constant = analyzeReadsNothing(b.this);
      return false;
    } else if (kind === 'select' || SET_OPS.has(kind) || kind === 'values') {
      const inner = outputsOf(node, env, scope, key);
      constant = inner.byPosition.length > 0 && inner.byPosition.every(Boolean);
      return false;
    }
    return constant;
  });
  return constant;
}

/** Does every table node name a CTE declared somewhere in the query (so scope decides)? */
function onlyCteNames(query: Json, key: Key): boolean {
  const ctes = new Set<string>();
  const tables: string[] = [];
  walkNodes(query, (kind, b) => {
    if (kind === 'table') {
      const n = toIdent(b.name);
      tables.push(n && !b.schema ? key(n) : '');
    }
    for (const c of arrayField(isObject(b.with) ? b.with : undefined, 'ctes')) {
      const a = isObject(c) ? toIdent(c.alias) : undefined;
      if (a) ctes.add(key(a));
    }
    return true;
  });
  return tables.every((t) => ctes.has(t));
}

function analyzeReadsNothing(v: Json | undefined): boolean {
  let reads = false;
  walkNodes(v, (kind) => {
    if (kind === 'table') reads = true;
    return !reads;
  });
  return !reads;
}

function columnConstant(b: JsonObject, scope: Source[], key: Key): boolean {
  const name = toIdent(b.name);
  if (!name) return false;
  const q = toIdent(b.table);
  const k = key(name);
  const candidates = q ? scope.filter((s) => s.key === key(q)) : scope;
  for (const s of candidates) {
    if (!s.outputs) {
      if (q) return false;
      continue; // an unqualified name might come from a stored table: decided below
    }
    const c = s.outputs.byName.get(k);
    if (c !== undefined) return c;
  }
  // not found in a derived source: a stored table's column, or an alias we cannot follow
  return false;
}

/** The `constant_query` diagnostic for one query; an `error` when `sql` is not one query. */
export async function constantQuery(
  sql: string,
  dialect: SqlDialect | string,
): Promise<ConstantQuery> {
  const d = toDialect(dialect);
  const sdk = await loadSdk();
  const one = parseOneQuery(sdk, sql, d);
  if (!one.ok) return { constant: false, error: one.reason };
  return constantOf(one.query, d);
}
