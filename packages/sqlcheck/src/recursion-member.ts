// What the recursion rules read of a recursive CTE's member: the names its sources go by,
// which CTE column a column reference names, and its WHERE split into AND terms.
import type { Ident, Json, JsonObject } from './node.js';
import { arrayField, asKind, bodyOf, isObject, kindOf, toIdent } from './node.js';

export type KeyOf = (i: Ident) => string;

export interface Member {
  /** Names the CTE's self-reference goes by in this member. */
  selfKeys: Set<string>;
  /** Every other source (stored table, other CTE, subquery) by its reference name. */
  otherKeys: Set<string>;
  /** The FROM items and joined items, as written. */
  items: Json[];
}

/** The name a source is referred to by in the member: its alias, else its table name. */
function sourceKey(item: Json | undefined, key: KeyOf): string | undefined {
  const t = asKind(item, 'table');
  if (t) {
    const id = toIdent(t.alias) ?? toIdent(t.name);
    return id ? key(id) : undefined;
  }
  const s = asKind(item, 'subquery');
  const id = s ? toIdent(s.alias) : undefined;
  return id ? key(id) : undefined;
}

export function memberSources(select: JsonObject, self: string, key: KeyOf): Member {
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
  return { selfKeys, otherKeys, items };
}

export function unparen(v: Json | undefined): Json | undefined {
  let cur = v;
  for (let k = kindOf(cur); k === 'paren'; k = kindOf(cur)) cur = bodyOf(cur as JsonObject, k).this;
  return cur;
}

/** The CTE column index a column reference names, or -1. */
export function cteColumnIndex(
  v: Json | undefined,
  member: Member,
  columns: string[],
  key: KeyOf,
): number {
  const c = asKind(unparen(v), 'column');
  const name = c ? toIdent(c.name) : undefined;
  if (!c || !name) return -1;
  const q = toIdent(c.table);
  if (q && !member.selfKeys.has(key(q))) return -1;
  return columns.indexOf(key(name));
}

/** The top-level AND terms of a condition. */
export function conjuncts(v: Json | undefined, out: Json[] = []): Json[] {
  const inner = unparen(v);
  const and = asKind(inner, 'and');
  if (and) {
    conjuncts(and.left, out);
    conjuncts(and.right, out);
  } else if (inner !== undefined && inner !== null) out.push(inner);
  return out;
}

/** The expression a select-list item computes (its alias dropped). */
export function outputAt(select: JsonObject, index: number): Json | undefined {
  const raw = arrayField(select, 'expressions')[index];
  return unparen(asKind(raw, 'alias')?.this ?? raw);
}
