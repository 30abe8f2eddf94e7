// L3: a recursive CTE must carry a reason to stop. `WITH RECURSIVE c(n) AS (SELECT 1 UNION
// ALL SELECT n + 1 FROM c) SELECT COUNT(*) FROM c` never ends; the statement timeout is the
// boundary, this check refuses the obvious cases up front. A recursive member (a branch of
// the CTE's UNION that reads the CTE) is accepted when one of these holds (see
// decisions/sqlcheck-fail-closed.md for why each one stops):
//   guard:    its WHERE has a top-level AND term comparing a column of the CTE with a
//             constant (<, <=, >, >=, BETWEEN), and that column changes each step; when the
//             step is `col + k` (k > 0) the bound must be an upper one, `col - k` a lower one
//   limit:    the CTE's UNION has LIMIT with an integer literal
//   fixpoint: UNION (not ALL) and every output of the member is a column or a literal, so
//             only finitely many distinct rows exist
//   walk:     the member joins a stored table on `cte.col = t.x` (inner join or WHERE) and
//             outputs a different column of t in col's place, so each step must find a row
import type { SqlDialect } from './dialect.js';
import { identKey } from './dialect.js';
import type { Ident, Json, JsonObject } from './node.js';
import { arrayField, asKind, bodyOf, isObject, kindOf, toIdent, walkNodes } from './node.js';
import type { Violation } from './verdict.js';

const SET_OPS = new Set(['union', 'intersect', 'except']);

/**
 * @internal One violation per recursive CTE member without a bounding condition.
 * `owners` are the bodies of the query's nodes that carry a WITH (L3 collects them in its
 * one walk over the tree).
 */
export function recursionViolations(
  owners: Iterable<JsonObject>,
  dialect: SqlDialect,
): Violation[] {
  const out: Violation[] = [];
  const key = (i: Ident) => identKey(dialect, i.name, i.quoted);
  for (const body of owners) {
    const w = body.with;
    if (!isObject(w)) continue;
    for (const cte of arrayField(w, 'ctes')) {
      if (!isObject(cte)) continue;
      const alias = toIdent(cte.alias);
      if (!alias) continue;
      const self = key(alias);
      // PostgreSQL needs RECURSIVE for a self-reference; SQLite makes any one recursive.
      if (dialect === 'postgres' && w.recursive !== true) continue;
      const unionKind = kindOf(cte.this);
      if (unionKind !== 'union' || !readsTable(cte.this, self, key)) continue;
      const union = bodyOf(cte.this as JsonObject, unionKind);
      if (literalLimit(union.limit)) continue;
      const { branches, allDistinct } = flatten(cte.this);
      const columns = cteColumns(cte, branches[0], key);
      for (const branch of branches) {
        if (!readsTable(branch, self, key)) continue;
        const select = asKind(branch, 'select');
        const ok =
          select !== undefined &&
          (guarded(select, self, columns, key) ||
            (allDistinct && passesThrough(select)) ||
            walksStoredRows(select, self, columns, key));
        if (!ok) {
          out.push({
            rule: 'unbounded-recursion',
            message: `recursive CTE ${alias.name} has a recursive member with no bounding condition (a WHERE comparing a changing column of ${alias.name} with a constant, a LIMIT on the CTE, UNION over plain columns, or a join that follows stored rows)`,
          });
        }
      }
    }
  }
  return out;
}

function readsTable(v: Json | undefined, name: string, key: (i: Ident) => string): boolean {
  let found = false;
  walkNodes(v, (kind, b) => {
    if (found) return false;
    if (kind === 'table' && !b.schema && !b.catalog) {
      const n = toIdent(b.name);
      if (n && key(n) === name) found = true;
    }
    return !found;
  });
  return found;
}

function literalLimit(limit: Json | undefined): boolean {
  const expr = kindOf(limit) !== undefined ? limit : isObject(limit) ? limit.this : undefined;
  const lit = asKind(expr, 'literal');
  return lit?.literal_type === 'number' && typeof lit.value === 'string' && /^\d+$/.test(lit.value);
}

/** The leaf queries of a set-operation tree, and whether every operator is UNION (not ALL). */
function flatten(node: Json | undefined): { branches: Json[]; allDistinct: boolean } {
  const branches: Json[] = [];
  let allDistinct = true;
  const visit = (n: Json | undefined) => {
    const kind = kindOf(n);
    if (kind === undefined) return;
    const b = bodyOf(n as JsonObject, kind);
    if (SET_OPS.has(kind)) {
      if (kind !== 'union' || b.all === true) allDistinct = false;
      visit(b.left);
      visit(b.right);
    } else if (kind === 'subquery' || kind === 'paren') visit(b.this);
    else branches.push(n as Json);
  };
  visit(node);
  return { branches, allDistinct };
}

/** The CTE's column keys in order: declared, or the anchor's output names. */
function cteColumns(
  cte: JsonObject,
  anchor: Json | undefined,
  key: (i: Ident) => string,
): string[] {
  const declared = arrayField(cte, 'columns')
    .map(toIdent)
    .filter((i): i is Ident => i !== undefined);
  if (declared.length > 0) return declared.map(key);
  return arrayField(asKind(anchor, 'select'), 'expressions').map((e) => {
    const a = asKind(e, 'alias');
    const id = a ? toIdent(a.alias) : toIdent(asKind(e, 'column')?.name);
    return id ? key(id) : '';
  });
}

/** The name a source is referred to by in the member: its alias, else its table name. */
function sourceKey(item: Json | undefined, key: (i: Ident) => string): string | undefined {
  const t = asKind(item, 'table');
  if (t) {
    const id = toIdent(t.alias) ?? toIdent(t.name);
    return id ? key(id) : undefined;
  }
  const s = asKind(item, 'subquery');
  const id = s ? toIdent(s.alias) : undefined;
  return id ? key(id) : undefined;
}

interface Member {
  /** Names the CTE's self-reference goes by in this member. */
  selfKeys: Set<string>;
  /** Every other source (stored table, other CTE, subquery) by its reference name. */
  otherKeys: Set<string>;
}

function membersSources(select: JsonObject, self: string, key: (i: Ident) => string): Member {
  const selfKeys = new Set<string>();
  const otherKeys = new Set<string>();
  const items = [
    ...arrayField(isObject(select.from) ? select.from : undefined, 'expressions'),
    ...arrayField(select, 'joins').map((j) => (isObject(j) ? j.this : null)),
  ];
  for (const item of items) {
    const t = asKind(item, 'table');
    const name = t ? toIdent(t.name) : undefined;
    const ref = sourceKey(item, key);
    if (!ref) continue;
    if (t && name && !t.schema && key(name) === self) selfKeys.add(ref);
    else otherKeys.add(ref);
  }
  return { selfKeys, otherKeys };
}

/** The CTE column index a column reference names, or -1. */
function cteColumnIndex(
  v: Json | undefined,
  member: Member,
  columns: string[],
  key: (i: Ident) => string,
): number {
  const c = asKind(unparen(v), 'column');
  const name = c ? toIdent(c.name) : undefined;
  if (!c || !name) return -1;
  const q = toIdent(c.table);
  if (q && !member.selfKeys.has(key(q))) return -1;
  return columns.indexOf(key(name));
}

function unparen(v: Json | undefined): Json | undefined {
  let cur = v;
  for (let k = kindOf(cur); k === 'paren'; k = kindOf(cur)) cur = bodyOf(cur as JsonObject, k).this;
  return cur;
}

function conjuncts(v: Json | undefined, out: Json[] = []): Json[] {
  const inner = unparen(v);
  const and = asKind(inner, 'and');
  if (and) {
    conjuncts(and.left, out);
    conjuncts(and.right, out);
  } else if (inner !== undefined && inner !== null) out.push(inner);
  return out;
}

/** No column, no subquery, no non-deterministic call: a value fixed by the text. */
function isConstant(v: Json | undefined): boolean {
  let constant = true;
  walkNodes(v, (kind, b) => {
    if (
      kind === 'column' ||
      kind === 'select' ||
      SET_OPS.has(kind) ||
      kind === 'random' ||
      kind === 'rand' ||
      (kind === 'function' && typeof b.name === 'string' && /^random/i.test(b.name))
    ) {
      constant = false;
    }
    return constant;
  });
  return constant && v !== undefined && v !== null;
}

type Step = 'same' | 'up' | 'down' | 'other';

/** How the member changes CTE column `index` from one row to the next. */
function stepOf(
  select: JsonObject,
  index: number,
  member: Member,
  columns: string[],
  key: (i: Ident) => string,
): Step {
  const expressions = arrayField(select, 'expressions');
  const raw = expressions[index];
  if (raw === undefined || expressions.some((e) => kindOf(e) === 'star')) return 'same';
  const e = unparen(asKind(raw, 'alias')?.this ?? raw);
  if (cteColumnIndex(e, member, columns, key) === index) return 'same';
  const positive = (x: Json | undefined) => {
    const lit = asKind(unparen(x), 'literal');
    return lit?.literal_type === 'number' && Number(lit.value) > 0;
  };
  const add = asKind(e, 'add');
  if (add) {
    const l = cteColumnIndex(add.left, member, columns, key) === index;
    const r = cteColumnIndex(add.right, member, columns, key) === index;
    if ((l && positive(add.right)) || (r && positive(add.left))) return 'up';
  }
  const sub = asKind(e, 'sub');
  if (sub && cteColumnIndex(sub.left, member, columns, key) === index && positive(sub.right)) {
    return 'down';
  }
  return 'other';
}

function guarded(
  select: JsonObject,
  self: string,
  columns: string[],
  key: (i: Ident) => string,
): boolean {
  const member = membersSources(select, self, key);
  const where = isObject(select.where_clause) ? select.where_clause.this : undefined;
  for (const term of conjuncts(where)) {
    const kind = kindOf(term);
    if (kind === undefined) continue;
    const b = bodyOf(term as JsonObject, kind);
    let index = -1;
    let bound: 'upper' | 'lower' | 'both' | undefined;
    if (kind === 'between' && b.not !== true) {
      index = cteColumnIndex(b.this, member, columns, key);
      if (isConstant(b.low) && isConstant(b.high)) bound = 'both';
    } else if (kind === 'lt' || kind === 'lte' || kind === 'gt' || kind === 'gte') {
      const less = kind === 'lt' || kind === 'lte';
      const left = cteColumnIndex(b.left, member, columns, key);
      const right = cteColumnIndex(b.right, member, columns, key);
      if (left >= 0 && isConstant(b.right)) {
        index = left;
        bound = less ? 'upper' : 'lower';
      } else if (right >= 0 && isConstant(b.left)) {
        index = right;
        bound = less ? 'lower' : 'upper';
      }
    }
    if (index < 0 || bound === undefined) continue;
    const step = stepOf(select, index, member, columns, key);
    if (step === 'same') continue;
    if (step === 'up' && bound === 'lower') continue;
    if (step === 'down' && bound === 'upper') continue;
    return true;
  }
  return false;
}

/** Every output is a plain column or a literal: with UNION the rows reach a fixpoint. */
function passesThrough(select: JsonObject): boolean {
  return arrayField(select, 'expressions').every((raw) => {
    const e = unparen(asKind(raw, 'alias')?.this ?? raw);
    const k = kindOf(e);
    return k === 'column' || k === 'literal' || k === 'null' || k === 'boolean';
  });
}

function walksStoredRows(
  select: JsonObject,
  self: string,
  columns: string[],
  key: (i: Ident) => string,
): boolean {
  const member = membersSources(select, self, key);
  const where = isObject(select.where_clause) ? select.where_clause.this : undefined;
  const terms = conjuncts(where);
  for (const j of arrayField(select, 'joins')) {
    if (!isObject(j)) continue;
    if (j.kind === 'Inner' || j.kind === 'Cross' || j.kind === undefined) conjuncts(j.on, terms);
  }
  const expressions = arrayField(select, 'expressions');
  for (const term of terms) {
    const eq = asKind(term, 'eq');
    if (!eq) continue;
    for (const [mine, theirs] of [
      [eq.left, eq.right],
      [eq.right, eq.left],
    ] as const) {
      const index = cteColumnIndex(mine, member, columns, key);
      const other = asKind(unparen(theirs), 'column');
      const otherQ = other ? toIdent(other.table) : undefined;
      const otherName = other ? toIdent(other.name) : undefined;
      if (index < 0 || !otherQ || !otherName || !member.otherKeys.has(key(otherQ))) continue;
      // the next row's value of that column comes from another column of the joined row
      const raw = expressions[index];
      const out = asKind(unparen(asKind(raw, 'alias')?.this ?? raw), 'column');
      const outQ = out ? toIdent(out.table) : undefined;
      const outName = out ? toIdent(out.name) : undefined;
      if (outQ && outName && key(outQ) === key(otherQ) && key(outName) !== key(otherName)) {
        return true;
      }
    }
  }
  return false;
}
