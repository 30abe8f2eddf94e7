// Neighbours of a gold query (Zhong et al. 2020, section 3.2): small edits of its AST that a
// plausible wrong prediction would make. Each is regenerated to SQL by the parser's own
// generator, so a mutant is always a query the parser understands; one that does not parse,
// or that equals the gold's text, is never emitted.
import type { ColumnProfile } from './column-profile.js';
import { analyzeGold, type SchemaShape } from './gold-analysis.js';
import { SiteCollector } from './mutation-sites.js';
import { clone, type Json, loadParser } from './sql-ast.js';

export const MUTATION_OPERATORS = [
  'drop-predicate',
  'negate-predicate',
  'flip-comparison',
  'literal-neighbour',
  'join-type',
  'drop-distinct',
  'add-distinct',
  'swap-aggregate',
  'count-star',
  'limit-off-by-one',
  'offset-off-by-one',
  'drop-order-by',
  'drop-order-key',
  'flip-order-direction',
] as const;

export type MutationOperator = (typeof MUTATION_OPERATORS)[number];

export interface Mutant {
  /** `<gold id>~<n>`, numbered in generation order. */
  id: string;
  goldId: string;
  operator: MutationOperator;
  /** What changed, in SQL: `i.InvoiceDate < '2026-01-01' -> i.InvoiceDate <= '2026-01-01'`. */
  description: string;
  sql: string;
}

export interface MutantOptions {
  /** Row order counts for this gold: ORDER BY mutants are made even without LIMIT. */
  orderMatters: boolean;
  /** For attributing string literals to columns (their neighbours come from the column). */
  schema?: SchemaShape;
  /** Column profiles keyed `Table.Column`: a string literal's neighbours are its column's values. */
  profiles?: ReadonlyMap<string, ColumnProfile>;
}

export interface MutantSet {
  /** The gold regenerated from its AST (mutants differ from it by exactly their edit). */
  roundTrip: string | undefined;
  mutants: Mutant[];
}

/**
 * The mutants of one gold query. Returns no mutants when the gold does not parse as one query
 * or does not survive a round trip through the generator (then `roundTrip` is undefined).
 */
export async function generateMutants(
  goldId: string,
  sql: string,
  options: MutantOptions,
): Promise<MutantSet> {
  const sdk = await loadParser();
  const dialect = sdk.Dialect.SQLite;
  const parsed = sdk.parse(sql, dialect);
  if (!parsed.success || !Array.isArray(parsed.ast) || parsed.ast.length !== 1)
    return { roundTrip: undefined, mutants: [] };
  const root = parsed.ast[0] as Json;
  const generate = (ast: Json): string | undefined => {
    try {
      const r = sdk.generate([ast], dialect);
      return r.success && r.sql?.length === 1 ? r.sql[0] : undefined;
    } catch {
      return undefined;
    }
  };
  const roundTrip = generate(root);
  if (roundTrip === undefined) return { roundTrip, mutants: [] };
  const attributed = options.schema
    ? ((await analyzeGold(sql, options.schema))?.literals ?? [])
    : [];
  const collector = new SiteCollector(sdk, options, attributed);
  collector.walk(root, [], null, true);
  const seen = new Set<string>([roundTrip]);
  const mutants: Mutant[] = [];
  for (const site of collector.sites) {
    const copy = clone(root);
    site.apply(copy);
    const text = generate(copy);
    if (text === undefined || seen.has(text)) continue;
    const reparsed = sdk.parse(text, dialect);
    if (!reparsed.success) continue;
    seen.add(text);
    mutants.push({
      id: `${goldId}~${mutants.length + 1}`,
      goldId,
      operator: site.operator,
      description: site.description,
      sql: text,
    });
  }
  return { roundTrip, mutants };
}
