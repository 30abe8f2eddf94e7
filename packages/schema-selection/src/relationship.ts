// A relationship: columns of one table equal, key for key, the columns of another. Keys may be
// composite (a tenant id plus an order id), and a relationship is written the way reports
// print it: `order_lines(tenant_id,order_id)->orders(tenant_id,order_id)`.

import { SchemaSelectionError } from './schema-selection-error.js';

/** One end of a relationship: a table and its key columns, in key order. */
export interface RelationshipEnd {
  readonly table: string;
  readonly columns: readonly string[];
}

export interface Relationship {
  /** The label, `from(c1,c2)->to(c1,c2)`; unique in a registry. */
  readonly id: string;
  /** The referencing end (the foreign key's table). */
  readonly from: RelationshipEnd;
  /** The referenced end. */
  readonly to: RelationshipEnd;
  /** Whether a person approved joining over it. Only approved relationships complete paths. */
  readonly approved: boolean;
  /** Introspection reported it as a foreign key. */
  readonly foreignKey: boolean;
  /** It was declared (in evals.yaml or a suite), possibly over a foreign key to set approval. */
  readonly declared: boolean;
  /** Free text from the declaration, e.g. what the join means. */
  readonly note?: string;
}

/** The label of a relationship between two ends. */
export function relationshipLabel(from: RelationshipEnd, to: RelationshipEnd): string {
  return `${from.table}(${from.columns.join(',')})->${to.table}(${to.columns.join(',')})`;
}

const END = /^\s*(.+?)\s*\(([^()]*)\)\s*$/;

function parseEnd(text: string, where: string, whole: string): RelationshipEnd {
  const match = END.exec(text);
  const columns = match?.[2]?.split(',').map((c) => c.trim());
  if (!match || !columns || columns.some((c) => c === '')) {
    throw new SchemaSelectionError(
      'malformed_relationship',
      where,
      `${JSON.stringify(whole)} is not written as table(col,...)->table(col,...)`,
    );
  }
  return { table: match[1] ?? '', columns };
}

/**
 * The two ends of a label such as `orders(tenant_id,customer_id)->customers(tenant_id,customer_id)`
 * (spaces allowed). Names are as written; the registry resolves them against the schema.
 */
export function parseRelationship(
  label: string,
  where = 'relationship',
): { from: RelationshipEnd; to: RelationshipEnd } {
  const arrow = label.indexOf('->');
  if (arrow < 0 || label.indexOf('->', arrow + 2) >= 0) {
    throw new SchemaSelectionError(
      'malformed_relationship',
      where,
      `${JSON.stringify(label)} needs exactly one "->"`,
    );
  }
  const from = parseEnd(label.slice(0, arrow), where, label);
  const to = parseEnd(label.slice(arrow + 2), where, label);
  if (from.columns.length !== to.columns.length) {
    throw new SchemaSelectionError(
      'malformed_relationship',
      where,
      `${JSON.stringify(label)} pairs ${from.columns.length} column(s) with ${to.columns.length}`,
    );
  }
  return { from, to };
}

/** The column pairs a relationship equates, as `[from Table.Column, to Table.Column]`. */
export function keyPairs(relationship: Relationship): Array<[string, string]> {
  return relationship.from.columns.map((column, i) => [
    `${relationship.from.table}.${column}`,
    `${relationship.to.table}.${relationship.to.columns[i] ?? ''}`,
  ]);
}

/** Every `Table.Column` of both ends. */
export function keyColumns(relationship: Relationship): string[] {
  return keyPairs(relationship).flat();
}
