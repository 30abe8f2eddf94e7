// Everything a variant is generated from besides its seed: the original's schema and column
// profiles, and what the gold queries filter on. Computed once per build; deterministic.
import type { Datasource } from '@nl2sql/datasource';
import { filterLiterals } from '@nl2sql/sqlcheck';
import { type ColumnProfile, profileColumns } from './column-profile.js';
import { analyzeGold, type ColumnLiteral } from './gold-analysis.js';
import type { GoldQuery } from './gold-query.js';
import { readSchemaModel, type SchemaModel } from './schema-model.js';
import { TestSuiteError } from './testsuite-error.js';
import { literalNeighbours } from './value-fuzzer.js';

export interface VariantContext {
  model: SchemaModel;
  profiles: Map<string, ColumnProfile>;
  /** `Table.Column` -> values its gold literals suggest (the literals first, then neighbours). */
  nearLiterals: Map<string, (number | string)[]>;
  /** Every filter literal of every gold, for columns of a matching kind. */
  pool: { numbers: number[]; strings: string[] };
  /** `Table.Column` of columns the golds filter or join on. */
  hot: Set<string>;
  /** Literals attributed to columns, as found (for the manifest and for literal mutants). */
  literals: ColumnLiteral[];
}

export async function buildVariantContext(
  source: Datasource,
  golds: readonly GoldQuery[],
): Promise<VariantContext> {
  const model = await readSchemaModel(source);
  const profiles = await profileColumns(source, model.tables);
  const literals: ColumnLiteral[] = [];
  const hot = new Set<string>();
  const numbers = new Set<number>();
  const strings = new Set<string>();
  for (const gold of golds) {
    for (const sql of [gold.sql, ...(gold.altSql ?? [])]) {
      const analysis = await analyzeGold(sql, { tables: model.tables });
      if (analysis === undefined) {
        throw new TestSuiteError(
          'gold_failed',
          `gold ${gold.id} does not parse as one SQLite query`,
        );
      }
      literals.push(...analysis.literals);
      for (const c of analysis.hotColumns) hot.add(c);
      for (const lit of (await filterLiterals(sql, 'sqlite')) ?? []) {
        if (lit.kind === 'number') numbers.add(Number(lit.value));
        else strings.add(lit.value);
      }
    }
  }
  const nearLiterals = new Map<string, (number | string)[]>();
  for (const [key, profile] of profiles) {
    const mine = literals.filter((l) => `${l.table}.${l.column}` === key);
    if (mine.length > 0) nearLiterals.set(key, literalNeighbours(profile, mine));
  }
  return {
    model,
    profiles,
    nearLiterals,
    pool: {
      numbers: [...numbers].filter(Number.isFinite).sort((a, b) => a - b),
      strings: [...strings].sort(),
    },
    hot,
    literals,
  };
}
