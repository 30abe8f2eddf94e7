// The gold's tie groups, asked of the database (decisions/order-ties.md): the gold query with
// one more result column, the dense rank of its ORDER BY keys (rows with equal keys, as the
// database compares them, share a rank), and the query of one rank's whole group before any
// LIMIT. Keys may be ordinals, select aliases or expressions over columns not selected; each
// is resolved to its expression, because a window's ORDER BY sees neither.
import { identKey, type SqlDialect, toDialect } from './dialect.js';
import { loadSdk } from './load.js';
import {
  arrayField,
  isObject,
  type Json,
  type JsonObject,
  kindOf,
  objectField,
  toIdent,
  walkNodes,
} from './node.js';
import { sdkDialectOf } from './parse.js';
import { parseOneQuery } from './query-parse.js';

/** The name of the rank column the rewritten queries add last. */
export const TIE_RANK_COLUMN = '__nl2sql_tie';

export type TieRankQuery =
  | {
      readonly ok: true;
      /** The gold with TIE_RANK_COLUMN added last; its other columns are the gold's. */
      readonly ranked: string;
      /**
       * Rows of the whole tie group of `rank` (the gold's columns, then the rank), without
       * the LIMIT; null when the gold has no LIMIT, so no group can be cut.
       */
      readonly group: ((rank: number) => string) | null;
      /** The gold skips rows (OFFSET): its first group may be cut too (not recorded). */
      readonly offset: boolean;
    }
  | { readonly ok: false; readonly reason: string };

const no = (reason: string): TieRankQuery => ({ ok: false, reason });

/** Drops source positions and comments, so two spellings of one expression compare equal. */
function shape(v: Json | undefined): string {
  return JSON.stringify(v ?? null, (k, x) =>
    k === 'span' || k.endsWith('comments') || k === 'alias_explicit_as' ? undefined : x,
  );
}

/** A select item's expression and the alias it is known by (if any). */
function selectItems(dialect: SqlDialect, items: Json[]): { expr: Json; alias?: string }[] {
  return items.map((item) => {
    if (kindOf(item) === 'alias') {
      const body = (item as JsonObject).alias as JsonObject;
      const id = toIdent(body.alias);
      return {
        expr: body.this ?? null,
        ...(id ? { alias: identKey(dialect, id.name, id.quoted) } : {}),
      };
    }
    return { expr: item };
  });
}

/**
 * The queries that ask the database for the gold's tie groups, or why they cannot be made
 * (no ORDER BY at the top, a compound query, DISTINCT over a key it does not select, ...).
 * Pure: parses and writes SQL, runs nothing.
 */
export async function tieRankQuery(sql: string, dialectName: string): Promise<TieRankQuery> {
  const dialect = toDialect(dialectName);
  const sdk = await loadSdk();
  const parsed = parseOneQuery(sdk, sql, dialect);
  if (!parsed.ok) return no(parsed.reason);
  if (kindOf(parsed.query) !== 'select') {
    return no('the gold is a compound query (UNION, INTERSECT, EXCEPT or VALUES)');
  }
  // The parse is shared and frozen: rewrite a copy.
  const tree = structuredClone(parsed.query) as JsonObject;
  const select = tree.select as JsonObject;
  const keys = arrayField(objectField(select, 'order_by'), 'expressions');
  if (keys.length === 0) return no('the gold has no ORDER BY');
  const items = selectItems(dialect, arrayField(select, 'expressions'));
  const distinct = select.distinct === true || select.distinct_on != null;
  const resolved: Json[] = [];
  for (const key of keys) {
    if (!isObject(key)) return no('an ORDER BY key the parser does not show');
    const expr = key.this ?? null;
    let found: { expr: Json } | undefined;
    const lit = isObject(expr) && isObject(expr.literal) ? expr.literal : undefined;
    if (lit?.literal_type === 'number') {
      const k = Number(lit.value);
      found = Number.isInteger(k) ? items[k - 1] : undefined;
      if (found === undefined) return no(`ORDER BY ${String(lit.value)} names no selected column`);
    } else if (kindOf(expr) === 'column' && (expr as JsonObject).column) {
      const col = (expr as JsonObject).column as JsonObject;
      const id = toIdent(col.name);
      if (col.table == null && id) {
        const name = identKey(dialect, id.name, id.quoted);
        found = items.find((i) => i.alias === name);
      }
    }
    const target = found?.expr ?? expr;
    if (kindOf(target) === 'star' || kindOf(target) === 'qualified_star' || target === null) {
      return no('an ORDER BY key refers to a * select item');
    }
    let windowed = false;
    walkNodes(target, (kind) => {
      if (kind === 'window_function') windowed = true;
      return undefined;
    });
    if (windowed) return no('an ORDER BY key holds a window function');
    // DISTINCT keeps one row per selected value: a key it does not select would split them.
    if (distinct && found === undefined && !items.some((i) => shape(i.expr) === shape(target))) {
      return no('SELECT DISTINCT orders by a key it does not select');
    }
    resolved.push({ ...key, this: target });
  }
  const template = sdk.parse(
    `SELECT DENSE_RANK() OVER (ORDER BY 1) AS ${TIE_RANK_COLUMN}`,
    sdkDialectOf(sdk, dialect),
  );
  const rankItem = structuredClone(
    ((template.ast as unknown as JsonObject[])[0]!.select as JsonObject).expressions as Json[],
  )[0] as JsonObject;
  const over = (((rankItem.alias as JsonObject).this as JsonObject).window_function as JsonObject)
    .over as JsonObject;
  over.order_by = resolved;
  select.expressions = [...arrayField(select, 'expressions'), rankItem];
  const write = (node: JsonObject): string | null => {
    const out = sdk.generate([node], sdkDialectOf(sdk, dialect));
    return out.success && out.sql?.length === 1 ? out.sql[0]! : null;
  };
  const ranked = write(tree);
  if (ranked === null) return no('the parser could not write the ranked query');
  const limited = select.limit != null || select.fetch != null;
  let group: ((rank: number) => string) | null = null;
  if (limited) {
    const whole = structuredClone(tree) as JsonObject;
    const body = whole.select as JsonObject;
    body.limit = null;
    body.offset = null;
    body.fetch = null;
    body.order_by = null;
    const inner = write(whole);
    if (inner === null) return no('the parser could not write the tie-group query');
    group = (rank: number) => {
      if (!Number.isSafeInteger(rank)) throw new RangeError(`tie rank ${rank} is not an integer`);
      return `SELECT * FROM (${inner}) AS nl2sql_tie_group WHERE nl2sql_tie_group.${TIE_RANK_COLUMN} = ${rank}`;
    };
  }
  return { ok: true, ranked, group, offset: select.offset != null };
}
