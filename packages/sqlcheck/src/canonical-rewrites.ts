// Rewrites that make two spellings of one meaning the same tree, applied to a cleaned query
// before canonical.ts renames and sorts it (004 C.2: CTE vs subquery, date function
// standardisation). Each is an identity of the SQL semantics, so a match after them is still
// a match in meaning:
//  - a non-recursive CTE without a column list is inlined as a derived table wherever it is
//    read (SQL defines such a CTE as that subquery; a CTE read twice becomes two copies);
//  - `x BETWEEN a AND b` (not NOT, not SYMMETRIC) becomes `a <= x AND x <= b`, its definition;
//  - COUNT of a non-null literal (`COUNT(1)`) becomes COUNT(*): both count rows;
//  - SQLite only: date(...), time(...) and datetime(...) become strftime with the format
//    SQLite documents them as ('%Y-%m-%d', '%H:%M:%S', '%Y-%m-%d %H:%M:%S').
import type { SqlDialect } from './dialect.js';
import type { Json, JsonObject } from './node.js';
import { arrayField, asKind, isObject, kindOf, objectField, toIdent } from './node.js';

const DATE_FORMATS: Readonly<Record<string, string>> = {
  date: '%Y-%m-%d',
  time: '%H:%M:%S',
  datetime: '%Y-%m-%d %H:%M:%S',
};

function copy<T extends Json>(v: T): T {
  return JSON.parse(JSON.stringify(v)) as T;
}

/** Apply every rewrite, bottom-up. The input is a cleaned tree; a new tree is returned. */
export function rewriteEquivalences(tree: Json, dialect: SqlDialect): Json {
  return rewrite(inlineCtes(tree), dialect);
}

function rewrite(v: Json, dialect: SqlDialect): Json {
  if (Array.isArray(v)) return v.map((x) => rewrite(x, dialect));
  if (!isObject(v)) return v;
  const out: JsonObject = {};
  for (const k in v) out[k] = rewrite(v[k] ?? null, dialect);
  const kind = kindOf(out);
  if (kind === 'between') return betweenAsRange(out.between as JsonObject) ?? out;
  if (kind === 'count') return countOfLiteral(out.count as JsonObject) ?? out;
  if (kind === 'function' && dialect === 'sqlite')
    return dateAsStrftime(out.function as JsonObject) ?? out;
  return out;
}

function betweenAsRange(b: JsonObject): Json | undefined {
  if (
    b.not === true ||
    (b.symmetric !== null && b.symmetric !== undefined && b.symmetric !== false)
  )
    return undefined;
  const x = b.this ?? null;
  return {
    and: {
      left: { lte: { left: b.low ?? null, right: x } },
      right: { lte: { left: copy(x), right: b.high ?? null } },
    },
  };
}

function countOfLiteral(c: JsonObject): Json | undefined {
  if (c.star === true || c.distinct === true) return undefined;
  const lit = asKind(c.this ?? null, 'literal');
  if (lit === undefined || lit.literal_type === 'null' || typeof lit.value !== 'string')
    return undefined;
  return { count: { ...c, this: null, star: true } };
}

function dateAsStrftime(f: JsonObject): Json | undefined {
  const name = typeof f.name === 'string' ? f.name.toLowerCase() : undefined;
  const format = name === undefined ? undefined : DATE_FORMATS[name];
  if (format === undefined || f.distinct === true) return undefined;
  const args = Array.isArray(f.args) ? f.args : [];
  return {
    function: {
      ...f,
      name: 'strftime',
      args: [{ literal: { literal_type: 'string', value: format } }, ...args],
    },
  };
}

/** A name -> body map of the CTEs a WITH clause may inline, or undefined when it may not. */
function inlinableCtes(withClause: JsonObject | undefined): Array<[string, Json]> | undefined {
  if (withClause === undefined || withClause.recursive === true) return undefined;
  const ctes = arrayField(withClause, 'ctes');
  const out: Array<[string, Json]> = [];
  for (const cte of ctes) {
    if (!isObject(cte)) return undefined;
    const name = toIdent(cte.alias)?.name;
    // A column list renames the body's columns; MATERIALIZED hints are kept as written.
    if (name === undefined || arrayField(cte, 'columns').length > 0) return undefined;
    if (cte.materialized !== null && cte.materialized !== undefined) return undefined;
    out.push([name, cte.this ?? null]);
  }
  return out;
}

/** Names a select's own WITH defines (they shadow outer CTEs inside it). */
function ownCteNames(select: JsonObject): Set<string> {
  const names = new Set<string>();
  for (const cte of arrayField(objectField(select, 'with'), 'ctes')) {
    const n = isObject(cte) ? toIdent(cte.alias)?.name : undefined;
    if (n !== undefined) names.add(n);
  }
  return names;
}

/** Replace table references to `name` (not shadowed) with the CTE body as a derived table. */
function substitute(v: Json, name: string, body: Json): Json {
  if (Array.isArray(v)) return v.map((x) => substitute(x, name, body));
  if (!isObject(v)) return v;
  const select = asKind(v, 'select');
  if (select && ownCteNames(select).has(name)) return v;
  const t = asKind(v, 'table');
  if (t && toIdent(t.name)?.name === name && (t.schema === null || t.schema === undefined)) {
    return {
      subquery: {
        this: copy(body),
        alias: isObject(t.alias) ? t.alias : { name },
        column_aliases: [],
      },
    };
  }
  const out: JsonObject = {};
  for (const k in v) out[k] = substitute(v[k] ?? null, name, body);
  return out;
}

/** Inline the CTEs of every select that has inlinable ones, innermost scopes too. */
function inlineCtes(v: Json): Json {
  if (Array.isArray(v)) return v.map(inlineCtes);
  if (!isObject(v)) return v;
  const out: JsonObject = {};
  for (const k in v) out[k] = inlineCtes(v[k] ?? null);
  const select = asKind(out, 'select');
  const ctes = select ? inlinableCtes(objectField(select, 'with')) : undefined;
  if (select === undefined || ctes === undefined) return out;
  // A CTE may read the ones before it; each is substituted into the later bodies and the query.
  const bodies = ctes.map(([, body]) => body);
  for (let i = 0; i < ctes.length; i++) {
    const [name] = ctes[i]!;
    for (let j = i + 1; j < ctes.length; j++) bodies[j] = substitute(bodies[j]!, name, bodies[i]!);
  }
  let body: JsonObject = { ...select, with: null };
  for (let i = 0; i < ctes.length; i++)
    body = substitute(body, ctes[i]![0], bodies[i]!) as JsonObject;
  return { select: body };
}
