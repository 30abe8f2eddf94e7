// L3: a recursive CTE must be shown to stop. `WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL
// SELECT n + 1 FROM c) SELECT COUNT(*) FROM c` never ends, and `... SELECT n + 0 FROM c
// WHERE n < 10` does not either, although it has a guard. The statement timeout is the
// boundary; this check accepts only what it can prove and refuses the rest up front (see
// decisions/sqlcheck-fail-closed.md for each proof). A recursive CTE is accepted when:
//   limit:    its UNION has LIMIT n, an integer literal within the row cap (SQLite stops
//             after n rows; PostgreSQL rejects LIMIT in a recursive query and runs nothing)
//   fixpoint: UNION (not ALL), and every recursive member outputs only plain columns of its
//             tables (no subquery or lateral source) and literals: only finitely many
//             distinct rows exist, so the recursion reaches a fixpoint
//   counter:  one recursive member, reading only the CTE, whose WHERE bounds a column by a
//             constant that each step moves strictly toward, from literal anchors, within
//             the row cap (recursion-counter.ts)
import type { SqlDialect } from './dialect.js';
import { identKey } from './dialect.js';
import type { Ident, Json, JsonObject } from './node.js';
import { arrayField, asKind, bodyOf, isObject, kindOf, toIdent, walkNodes } from './node.js';
import { counterRows } from './recursion-counter.js';
import { type KeyOf, memberSources, outputAt } from './recursion-member.js';
import type { Violation } from './verdict.js';

const SET_OPS = new Set(['union', 'intersect', 'except']);

/**
 * @internal One violation per recursive CTE not shown to stop within `rowCap` rows.
 * `owners` are the bodies of the query's nodes that carry a WITH (L3 collects them in its
 * one walk over the tree).
 */
export function recursionViolations(
  owners: Iterable<JsonObject>,
  dialect: SqlDialect,
  rowCap: number,
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
      // PostgreSQL needs RECURSIVE for a self-reference; SQLite makes any one recursive.
      if (dialect === 'postgres' && w.recursive !== true) continue;
      const problem = unproven(cte, alias, key, dialect, rowCap);
      if (problem !== undefined) out.push({ rule: 'unbounded-recursion', message: problem });
    }
  }
  return out;
}

/** Why the CTE is not shown to stop, or undefined when it is (or it is not recursive). */
function unproven(
  cte: JsonObject,
  alias: Ident,
  key: KeyOf,
  dialect: SqlDialect,
  rowCap: number,
): string | undefined {
  const self = key(alias);
  const unionKind = kindOf(cte.this);
  if (unionKind !== 'union' || !readsTable(cte.this, self, key)) return undefined;
  const union = bodyOf(cte.this as JsonObject, unionKind);
  const limit = literalLimit(union.limit);
  if (limit !== undefined) {
    return limit <= rowCap
      ? undefined
      : `recursive CTE ${alias.name} has LIMIT ${limit}, over the row cap of ${rowCap}`;
  }
  const { branches, allDistinct } = flatten(cte.this);
  const members = branches.filter((b) => readsTable(b, self, key));
  const anchors = branches.filter((b) => !readsTable(b, self, key));
  const selects = members.map((m) => asKind(m, 'select'));
  if (selects.some((s) => s === undefined)) {
    return `recursive CTE ${alias.name} has a recursive member that is not a plain SELECT`;
  }
  const plain = selects as JsonObject[];
  if (allDistinct && plain.every((s) => reachesFixpoint(s, self, key))) return undefined;
  const columns = cteColumns(cte, branches[0], key);
  if (plain.length === 1) {
    const rows = counterRows(plain[0] as JsonObject, anchors, self, columns, key, dialect);
    if (rows !== undefined && rows <= rowCap) return undefined;
    if (rows !== undefined) {
      return `recursive CTE ${alias.name} can make ${rows} rows, over the row cap of ${rowCap}`;
    }
  }
  return `recursive CTE ${alias.name} is not shown to stop: it needs a LIMIT within the row cap, UNION over plain columns, or one member reading only ${alias.name} whose WHERE bounds a column by a constant that every step moves toward (n + k, n - k, n * k from literal anchors, within ${rowCap} rows)`;
}

function readsTable(v: Json | undefined, name: string, key: KeyOf): boolean {
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

function literalLimit(limit: Json | undefined): number | undefined {
  const expr = kindOf(limit) !== undefined ? limit : isObject(limit) ? limit.this : undefined;
  const lit = asKind(expr, 'literal');
  const ok =
    lit?.literal_type === 'number' && typeof lit.value === 'string' && /^\d+$/.test(lit.value);
  return ok ? Number(lit.value) : undefined;
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
function cteColumns(cte: JsonObject, anchor: Json | undefined, key: KeyOf): string[] {
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

/**
 * Every output is a plain column of a stored table or of the CTE, or a literal: with UNION
 * the rows are drawn from finitely many values and the recursion reaches a fixpoint. A
 * subquery or lateral source could compute new values from the CTE's row, so it proves
 * nothing.
 */
function reachesFixpoint(select: JsonObject, self: string, key: KeyOf): boolean {
  const sources = memberSources(select, self, key);
  if (sources.items.some((item) => kindOf(item) !== 'table')) return false;
  if (arrayField(select, 'lateral_views').length > 0) return false;
  const expressions = arrayField(select, 'expressions');
  return expressions.every((_, i) => {
    const k = kindOf(outputAt(select, i));
    return k === 'column' || k === 'literal' || k === 'null' || k === 'boolean';
  });
}
