// 004 D.11 filter predicate accuracy: the literal values a query filters on (WHERE, JOIN
// ... ON, HAVING, QUALIFY, in every scope), and whether all of the gold query's filter
// values appear in a generated query.
import type { SqlDialect } from './dialect.js';
import { toDialect } from './dialect.js';
import { loadSdk } from './load.js';
import type { Json } from './node.js';
import { arrayField, isObject, walkNodes } from './node.js';
import { parseOneQuery } from './query-parse.js';

export interface FilterLiteral {
  kind: 'number' | 'string';
  /** Numbers in canonical form ("1.50" -> "1.5"); strings as written. */
  value: string;
  clause: 'where' | 'on' | 'having';
}

function canonicalNumber(text: string): string {
  const n = Number(text);
  return Number.isFinite(n) ? String(n) : text;
}

function literalsIn(
  v: Json | undefined,
  clause: FilterLiteral['clause'],
  out: FilterLiteral[],
): void {
  walkNodes(v, (kind, body) => {
    // nested queries are visited as selects of their own, with their own clauses
    if (kind === 'select' || kind === 'union' || kind === 'intersect' || kind === 'except')
      return false;
    if (kind === 'literal' && typeof body.value === 'string') {
      if (body.literal_type === 'number')
        out.push({ kind: 'number', value: canonicalNumber(body.value), clause });
      else if (body.literal_type === 'string')
        out.push({ kind: 'string', value: body.value, clause });
    }
    return true;
  });
}

function collect(query: Json): FilterLiteral[] {
  const out: FilterLiteral[] = [];
  walkNodes(query, (kind, body) => {
    if (kind === 'select') {
      literalsIn(body.where_clause, 'where', out);
      literalsIn(body.having, 'having', out);
      literalsIn(body.qualify, 'having', out);
    }
    if (kind === 'select' || kind === 'joined_table') {
      for (const j of arrayField(body, 'joins')) if (isObject(j)) literalsIn(j.on, 'on', out);
    }
    return true;
  });
  return out;
}

/** Literal values in WHERE / ON / HAVING of `sql`; undefined when it is not one query. */
export async function filterLiterals(
  sql: string,
  dialect: SqlDialect | string,
): Promise<FilterLiteral[] | undefined> {
  const q = parseOneQuery(await loadSdk(), sql, toDialect(dialect));
  return q.ok ? collect(q.query) : undefined;
}

export interface FilterMatch {
  /** True when every gold filter value appears as a literal in the generated SQL. */
  allPresent: boolean;
  missing: FilterLiteral[];
  goldValues: FilterLiteral[];
}

/**
 * Do all of the gold query's filter values appear in the generated query? A value counts
 * as present anywhere among the generated query's literals (a model may move a filter
 * into a CTE or a join). Undefined when either SQL is not one query.
 */
export async function filterValuesMatch(
  goldSql: string,
  generatedSql: string,
  dialect: SqlDialect | string,
): Promise<FilterMatch | undefined> {
  const d = toDialect(dialect);
  const sdk = await loadSdk();
  const gold = parseOneQuery(sdk, goldSql, d);
  const gen = parseOneQuery(sdk, generatedSql, d);
  if (!gold.ok || !gen.ok) return undefined;
  const goldValues = collect(gold.query);
  const present = new Set<string>();
  walkNodes(gen.query, (kind, body) => {
    if (kind === 'literal' && typeof body.value === 'string') {
      present.add(
        `${body.literal_type === 'number' ? 'number' : 'string'}\u0000${body.literal_type === 'number' ? canonicalNumber(body.value) : body.value}`,
      );
    }
    return true;
  });
  const missing = goldValues.filter((v) => !present.has(`${v.kind}\u0000${v.value}`));
  return { allPresent: missing.length === 0, missing, goldValues };
}
