import type { RetrieveResponse } from '@nl2sql/engine';
import {
  coverage,
  type DeclaredRelationship,
  type RelationshipRegistry,
  type RestrictedRunner,
  referenceQueryOutcome,
  relationshipRegistry,
  resolveRequirements,
  type SchemaSelection,
  type SchemaShape,
} from '@nl2sql/schema-selection';
import type { EvalCase } from '@nl2sql/suite';
import { goldRelationships, type PlanJoins } from './gold-relationships.js';
import { goldTables } from './gold-tables.js';
import { type ScoreResult, type Scorer, verdict } from './scorer.js';

const key = (name: string): string => name.toLowerCase();

/** Needed items missing from what was sent, compared case-insensitively (SQL names). */
function missing(needed: readonly string[], sent: readonly string[]): string[] {
  const have = new Set(sent.map(key));
  return needed.filter((item) => !have.has(key(item)));
}

/**
 * Precision@k (001 §8): the share of the distinct items sent (case-insensitive) that were
 * needed. Nothing sent reads 1 when nothing was needed and 0 otherwise, so sending nothing
 * never buys precision (decisions/retrieval-precision.md).
 */
export function precisionOf(needed: readonly string[], sent: readonly string[]): number {
  const distinct = new Set(sent.map(key));
  if (distinct.size === 0) return needed.length === 0 ? 1 : 0;
  const wanted = new Set(needed.map(key));
  let hits = 0;
  for (const item of distinct) if (wanted.has(item)) hits++;
  return hits / distinct.size;
}

/** What mode retrieval needs to score a selection as spec 003 does. */
export interface SelectionScoring {
  /** The datasource's schema (its introspection): names, foreign keys. */
  readonly schema: SchemaShape;
  /** Relationships declared beside the foreign keys (approved or not). */
  readonly declared?: readonly DeclaredRelationship[];
  /**
   * Runs a case's gold SQL on a database holding only the selection (reference-SQL match;
   * `restrictedSqliteRunner` for SQLite). Without it the match is not scored.
   */
  readonly reference?: RestrictedRunner;
}

/** A sent name in the schema's spelling, or as sent when the schema has no such name. */
function spelled(resolve: () => string, sent: string): string {
  try {
    return resolve();
  } catch {
    return sent;
  }
}

/** What the engine sent, as a selection in the schema's spelling. */
function sentSelection(
  response: RetrieveResponse,
  registry: RelationshipRegistry,
): SchemaSelection {
  const names = registry.names;
  return {
    // An engine that reports no state is taken at its word that the schema is usable.
    status: response.selection_status ?? 'ready',
    tables: response.tables_sent.map((t) => spelled(() => names.table(t, 'sent'), t)),
    columns: response.columns_sent.map((c) => spelled(() => names.columnKey(c, 'sent'), c)),
    relationships: (response.relationships_sent ?? []).map((r) =>
      spelled(() => registry.get(r, 'sent').id, r),
    ),
    notes: [...(response.selection_notes ?? [])],
    paths: [],
    problems: [],
  };
}

/** Spec 003's figures for one case run. */
async function selectionDetail(
  c: EvalCase,
  response: RetrieveResponse,
  registry: RelationshipRegistry,
  reference: RestrictedRunner | undefined,
): Promise<Record<string, unknown>> {
  const relationships = c.plan ? goldRelationships(c.plan as PlanJoins, registry) : [];
  const required = resolveRequirements(
    { tables: c.tables, columns: c.columns, relationships },
    registry,
    `case ${c.id}`,
  );
  const selection = sentSelection(response, registry);
  const covered = coverage(selection, required);
  // Every case mode retrieval asks is answerable for the role asking, so its selection
  // should end ready; any other state is a boundary reported where none was expected.
  const expected = 'ready';
  const detail: Record<string, unknown> = {
    relationships_required: required.relationships,
    relationships_sent: selection.relationships,
    // Column recall over the required columns closed over the joins' keys (spec 003's
    // required-column recall); equal to column_recall when the case lists its join keys.
    required_column_recall: covered.columnsRecall,
    missed_required_columns: [...covered.missingColumns],
    relationships_recall: covered.relationshipsRecall,
    missed_relationships: [...covered.missingRelationships],
    element_recall: covered.elementRecall,
    complete: covered.complete,
    selection_status: response.selection_status ?? null,
    selection_notes: [...(response.selection_notes ?? [])],
    expected_status: expected,
    status_as_expected:
      response.selection_status === undefined ? null : response.selection_status === expected,
  };
  const gold = goldTables(c, 0)[0];
  if (reference && c.sql !== undefined && c.rows !== undefined && gold) {
    const outcome = await referenceQueryOutcome(
      { sql: c.sql, expected: gold, orderMatters: c.order_matters },
      selection,
      covered,
      reference,
    );
    detail.reference_query = {
      status: outcome.status,
      ...(outcome.detail === undefined ? {} : { detail: outcome.detail }),
    };
  }
  return detail;
}

/**
 * retrieval_recall: the tables and `Table.Column`s the case reads against what the schema
 * retriever sent. A case passes with perfect recall of both. Recall of nothing needed is 1.
 * Precision (needed sent / sent) is reported beside recall and never decides the pass.
 * Given the schema (`selection`), it also scores spec 003's figures: the relationships the
 * gold plan joins over, element recall, complete strategy, the selection's state against
 * `ready`, and (given a runner) whether the gold query returns the gold rows on a database
 * holding only the selection.
 */
export function retrievalRecallScorer(selection?: SelectionScoring): Scorer {
  const registry = selection
    ? relationshipRegistry(selection.schema, {
        ...(selection.declared ? { declared: selection.declared } : {}),
      })
    : undefined;
  return {
    name: 'retrieval_recall',
    kind: 'execution',
    async score(input): Promise<ScoreResult | null> {
      if (input.kind !== 'retrieve') return null;
      const { tables, columns } = input.case;
      const sent = input.response;
      const missedTables = missing(tables, sent.tables_sent);
      const missedColumns = missing(columns, sent.columns_sent);
      const tableRecall =
        tables.length === 0 ? 1 : (tables.length - missedTables.length) / tables.length;
      const columnRecall =
        columns.length === 0 ? 1 : (columns.length - missedColumns.length) / columns.length;
      const parts: string[] = [];
      if (missedTables.length > 0) parts.push(`missed tables ${missedTables.join(', ')}`);
      if (missedColumns.length > 0) parts.push(`missed columns ${missedColumns.join(', ')}`);
      return verdict(missedTables.length === 0 && missedColumns.length === 0, parts.join('; '), {
        table_recall: tableRecall,
        column_recall: columnRecall,
        table_precision: precisionOf(tables, sent.tables_sent),
        column_precision: precisionOf(columns, sent.columns_sent),
        missed_tables: missedTables,
        missed_columns: missedColumns,
        tables_sent: [...sent.tables_sent],
        columns_sent: [...sent.columns_sent],
        ...(registry
          ? await selectionDetail(input.case, sent, registry, selection?.reference)
          : {}),
      });
    },
  };
}
