// Presentation-only failures read from the SQL (004 §4.5, App. D.11: "the correct values with
// an extra or missing non-essential column"): the prediction is the gold query with select-list
// items dropped or added, and nothing else changed. Everything but the select list must have
// the same canonical form, so the rows are the gold's rows, minus or plus those columns.
import { canonicalForms } from './canonical.js';
import type { SqlDialect } from './dialect.js';
import type { Json, JsonObject } from './node.js';
import { arrayField, asKind, bodyOf, kindOf, toIdent } from './node.js';

export interface SelectListChange {
  kind: 'dropped' | 'added';
  /** The dropped (or added) items, as written in the query that has them. */
  columns: string[];
  /**
   * Dropped items only: true when every dropped item is a plain column reference (context,
   * not a computed answer; so every computed item was kept) and the prediction kept at least
   * one of the gold's plain columns (so its rows still say what they are about).
   */
  nonEssential: boolean;
}

function outerSelect(query: Json): JsonObject | undefined {
  let v: Json = query;
  for (;;) {
    const k = kindOf(v);
    if (k === 'subquery' || k === 'paren') v = bodyOf(v as JsonObject, k).this ?? null;
    else break;
  }
  return asKind(v, 'select');
}

const unalias = (e: Json): Json => asKind(e, 'alias')?.this ?? e;

function label(e: Json): string {
  const inner = unalias(e);
  const col = asKind(inner, 'column');
  if (col) {
    const t = toIdent(col.table)?.name;
    const n = toIdent(col.name)?.name ?? '?';
    return t ? `${t}.${n}` : n;
  }
  const alias = toIdent(asKind(e, 'alias')?.alias)?.name;
  return alias ?? kindOf(inner) ?? 'expression';
}

/** The select-list difference of two queries that agree everywhere else; undefined otherwise. */
export function selectListChange(
  gold: Json,
  pred: Json,
  dialect: SqlDialect,
): SelectListChange | undefined {
  const g = outerSelect(gold);
  const p = outerSelect(pred);
  if (!g || !p) return undefined;
  const form = (body: JsonObject, expressions: Json[]) =>
    canonicalForms({ select: { ...body, expressions } }, dialect, 1)[0] ?? '';
  if (form(g, []) !== form(p, [])) return undefined;
  const keyed = (body: JsonObject) =>
    arrayField(body, 'expressions').map((e) => ({ e, key: form(body, [unalias(e)]) }));
  const gi = keyed(g);
  const pi = keyed(p);
  const pKeys = new Set(pi.map((x) => x.key));
  const gKeys = new Set(gi.map((x) => x.key));
  const dropped = gi.filter((x) => !pKeys.has(x.key));
  const added = pi.filter((x) => !gKeys.has(x.key));
  if (dropped.length > 0 && added.length === 0 && pi.length > 0) {
    const isPlain = (e: Json) => kindOf(unalias(e)) === 'column';
    const keptPlain = gi.some((x) => isPlain(x.e) && pKeys.has(x.key));
    return {
      kind: 'dropped',
      columns: dropped.map((x) => label(x.e)),
      nonEssential: dropped.every((x) => isPlain(x.e)) && keptPlain,
    };
  }
  if (added.length > 0 && dropped.length === 0) {
    return { kind: 'added', columns: added.map((x) => label(x.e)), nonEssential: true };
  }
  return undefined;
}
