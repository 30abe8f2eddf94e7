// A query that returns at most one row by its shape needs no LIMIT: `SELECT COUNT(*) FROM
// Track` is bounded whatever the data. Shown only for the plain cases: the outermost query
// is one SELECT (no set operation) without GROUP BY whose select list has an aggregate call
// at its own level, or that reads no table at all; and nothing in the select list makes
// several rows (a window function keeps every row, a set-returning call multiplies them).
import { AGGREGATE_KINDS, AGGREGATE_NAMES, WINDOW_KINDS } from './aggregate-kinds.js';
import type { Json, JsonObject } from './node.js';
import { arrayField, bodyOf, kindOf, walkNodes } from './node.js';

/** Calls that return a set: in a select list they make several rows of one. */
const SET_RETURNING_NAMES =
  /^(generate_series|generate_subscripts|unnest|regexp_matches|regexp_split_to_table|string_to_table|json(b)?_(array_elements(_text)?|each(_text)?|object_keys|populate_recordset|to_recordset))$/i;

const QUERY_KINDS = new Set(['select', 'union', 'intersect', 'except', 'values', 'subquery']);

/** The outermost query body, through parentheses that carry no clause of their own. */
function outermost(query: Json): JsonObject | undefined {
  let node: Json | undefined = query;
  for (;;) {
    const kind = kindOf(node);
    if (kind === 'select') return bodyOf(node as JsonObject, kind);
    if (kind !== 'subquery' && kind !== 'paren') return undefined;
    const body = bodyOf(node as JsonObject, kind);
    if ((body.limit ?? null) !== null || (body.order_by ?? null) !== null) return undefined;
    node = body.this;
  }
}

/** @internal Does the query return at most one row, whatever the data? */
export function atMostOneRow(query: Json): boolean {
  const select = outermost(query);
  if (select === undefined) return false;
  if ((select.group_by ?? null) !== null || arrayField(select, 'lateral_views').length > 0) {
    return false;
  }
  if ((select.connect ?? null) !== null) return false;
  let aggregate = false;
  let manyRows = false;
  walkNodes(arrayField(select, 'expressions'), (kind, body) => {
    // a subquery's aggregates and windows are its own
    if (QUERY_KINDS.has(kind)) return false;
    const name =
      kind === 'function' && typeof body.name === 'string' ? body.name.toLowerCase() : '';
    if (WINDOW_KINDS.has(kind) || WINDOW_KINDS.has(name) || SET_RETURNING_NAMES.test(name)) {
      manyRows = true;
    } else if (AGGREGATE_KINDS.has(kind)) {
      aggregate = true;
    } else if (AGGREGATE_NAMES.has(name) && arrayField(body, 'args').length === 1) {
      // SQLite's min(a, b) and max(a, b) with two arguments are scalar functions
      aggregate = true;
    }
    return !manyRows;
  });
  if (manyRows) return false;
  const readsNothing = (select.from ?? null) === null && arrayField(select, 'joins').length === 0;
  return aggregate || readsNothing;
}
