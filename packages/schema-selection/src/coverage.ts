// How much of what a question needs a selection contains. A case names the elements its
// reference query needs (a "strategy": tables, columns, and the relationships it joins over);
// recall is measured per kind and over all elements together.

import { keyColumns } from './relationship.js';
import type { RelationshipRegistry } from './relationship-registry.js';
import { SchemaSelectionError } from './schema-selection-error.js';
import { sortedUnique } from './selection.js';

/** The elements a case's reference query needs, as written in the case. */
export interface RequiredElements {
  /** A name for this set of elements (several cases may share one). */
  readonly strategy?: string;
  readonly tables?: readonly string[];
  /** `Table.Column` keys. */
  readonly columns: readonly string[];
  /** Relationship labels. */
  readonly relationships?: readonly string[];
}

/** Required elements in the schema's spelling, closed over what they imply. */
export interface ResolvedRequirements {
  readonly strategy?: string;
  readonly tables: readonly string[];
  readonly columns: readonly string[];
  readonly relationships: readonly string[];
}

export interface Coverage {
  readonly strategy?: string;
  readonly tablesRecall: number;
  readonly missingTables: readonly string[];
  /** Required-column recall. */
  readonly columnsRecall: number;
  readonly missingColumns: readonly string[];
  readonly relationshipsRecall: number;
  readonly missingRelationships: readonly string[];
  /** Found elements over required elements, tables, columns and relationships pooled. */
  readonly elementRecall: number;
  /** Every required element is in the selection. */
  readonly complete: boolean;
  /** Selected columns no required element names (what was sent for nothing). */
  readonly extraColumns: readonly string[];
}

/**
 * `required` resolved against the registry's schema (unknown names throw
 * SchemaSelectionError), with the tables of its columns and relationships and the key
 * columns of its relationships added: a join over a relationship reads its keys.
 */
export function resolveRequirements(
  required: RequiredElements,
  registry: RelationshipRegistry,
  where = 'required elements',
): ResolvedRequirements {
  const names = registry.names;
  const tables = new Set((required.tables ?? []).map((t) => names.table(t, `${where} tables`)));
  const columns = new Set(required.columns.map((c) => names.columnKey(c, `${where} columns`)));
  const relationships = new Set<string>();
  for (const label of required.relationships ?? []) {
    const relationship = registry.get(label, `${where} relationships`);
    relationships.add(relationship.id);
    for (const key of keyColumns(relationship)) columns.add(key);
  }
  for (const key of columns) tables.add(names.tableOf(key));
  if (tables.size === 0) {
    throw new SchemaSelectionError('invalid_case', where, 'no table, column or relationship');
  }
  return {
    ...(required.strategy === undefined ? {} : { strategy: required.strategy }),
    tables: sortedUnique(tables),
    columns: sortedUnique(columns),
    relationships: sortedUnique(relationships),
  };
}

function recall(
  required: readonly string[],
  present: ReadonlySet<string>,
): { recall: number; missing: string[]; found: number } {
  const missing = required.filter((x) => !present.has(x));
  const found = required.length - missing.length;
  // Nothing required of a kind: nothing of it can be missed.
  return { recall: required.length === 0 ? 1 : found / required.length, missing, found };
}

/** Coverage of `required` by a selection (names in the schema's spelling on both sides). */
export function coverage(
  selection: {
    readonly tables: readonly string[];
    readonly columns: readonly string[];
    readonly relationships: readonly string[];
  },
  required: ResolvedRequirements,
): Coverage {
  const tables = recall(required.tables, new Set(selection.tables));
  const columns = recall(required.columns, new Set(selection.columns));
  const relationships = recall(required.relationships, new Set(selection.relationships));
  const total = required.tables.length + required.columns.length + required.relationships.length;
  const found = tables.found + columns.found + relationships.found;
  const needed = new Set(required.columns);
  return {
    ...(required.strategy === undefined ? {} : { strategy: required.strategy }),
    tablesRecall: tables.recall,
    missingTables: tables.missing,
    columnsRecall: columns.recall,
    missingColumns: columns.missing,
    relationshipsRecall: relationships.recall,
    missingRelationships: relationships.missing,
    elementRecall: total === 0 ? 1 : found / total,
    complete: found === total,
    extraColumns: selection.columns.filter((c) => !needed.has(c)),
  };
}
