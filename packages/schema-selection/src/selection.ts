// A schema selection: the tables, columns and relationships a planner is shown, and the state
// it is in. Candidates from a retriever become a selection here, restricted to the role's
// scope; path completion (path-completion.ts) then joins them up.

import type { JoinStep } from './join-graph.js';
import { keyColumns } from './relationship.js';
import { readsRelationship, type SelectionContext } from './selection-context.js';

/**
 * - `ready`: the planner may use the selection.
 * - `no_candidates`: nothing the role may read matched the question.
 * - `ambiguous_path`: two selected tables are joined by equally short approved paths that
 *   mean different things; completion does not guess which.
 * - `no_authorized_path`: some selected tables cannot be joined over approved relationships
 *   the role may read (only through a denied table or column, only over an unapproved
 *   relationship, or not at all).
 */
export type SelectionStatus = 'ready' | 'no_candidates' | 'ambiguous_path' | 'no_authorized_path';

export const SELECTION_STATUSES: readonly SelectionStatus[] = [
  'ready',
  'no_candidates',
  'ambiguous_path',
  'no_authorized_path',
];

/** What a retriever proposes. Tables of the columns and relationships are implied. */
export interface CandidateSelection {
  readonly tables?: readonly string[];
  /** `Table.Column` keys. */
  readonly columns: readonly string[];
  /** Relationship labels, `from(c,...)->to(c,...)`. */
  readonly relationships?: readonly string[];
}

/** A join completion added: from a table already joined to a table it had to reach. */
export interface JoinPath {
  readonly from: string;
  readonly to: string;
  /** Relationship labels, in walking order. */
  readonly relationships: readonly string[];
  /** Tables on the path that were not selected before (added with their key columns only). */
  readonly bridges: readonly string[];
}

/** Why a selected table was left unjoined. */
export interface PathProblem {
  readonly kind: 'ambiguous_path' | 'no_authorized_path';
  /** The first selected table (where completion starts). */
  readonly from: string;
  /** The table (or the first table of the group of tables already joined) left unjoined. */
  readonly to: string;
  /** ambiguous_path: the equally short paths, each as relationship labels. */
  readonly alternatives?: readonly (readonly string[])[];
  /** ambiguous_path: more equally short paths exist than were listed. */
  readonly more?: number;
  /**
   * no_authorized_path: `denied` (an approved path exists but crosses a table or key column
   * the role may not read), `unapproved` (only unapproved relationships connect them) or
   * `none` (no relationship path at all).
   */
  readonly reason?: 'denied' | 'unapproved' | 'none';
}

export interface SchemaSelection {
  readonly status: SelectionStatus;
  /** Sorted. */
  readonly tables: readonly string[];
  /** `Table.Column`, sorted. */
  readonly columns: readonly string[];
  /** Relationship labels, sorted. */
  readonly relationships: readonly string[];
  readonly notes: readonly string[];
  /** The joins completion added, in the order it added them (none for candidates only). */
  readonly paths: readonly JoinPath[];
  readonly problems: readonly PathProblem[];
}

export function sortedUnique(values: Iterable<string>): string[] {
  return [...new Set(values)].sort();
}

/** The steps of a path as relationship labels. */
export function pathLabels(steps: readonly JoinStep[]): string[] {
  return steps.map((s) => s.relationship.id);
}

/**
 * The candidates as a selection in the role's scope, without completion ("candidates only").
 * Names resolve against the schema (unknown ones throw SchemaSelectionError). Anything the
 * role may not read is dropped with a note, so no denied element reaches a planner even when
 * a retriever was not given the scoped schema; so is a relationship that is not approved.
 * A kept relationship brings its tables and key columns. Nothing left: `no_candidates`.
 */
export function selectCandidates(
  candidates: CandidateSelection,
  context: SelectionContext,
): SchemaSelection {
  const { scope, registry } = context;
  const names = scope.names;
  const tables = new Set<string>();
  const columns = new Set<string>();
  const relationships = new Set<string>();
  const dropped: string[] = [];
  const notes: string[] = [];
  for (const [i, written] of (candidates.tables ?? []).entries()) {
    const table = names.table(written, `candidate table ${i + 1}`);
    if (scope.readsTable(table)) tables.add(table);
    else dropped.push(table);
  }
  for (const [i, written] of candidates.columns.entries()) {
    const key = names.columnKey(written, `candidate column ${i + 1}`);
    if (scope.readsColumn(key)) {
      columns.add(key);
      tables.add(names.tableOf(key));
    } else dropped.push(key);
  }
  for (const [i, label] of (candidates.relationships ?? []).entries()) {
    const relationship = registry.get(label, `candidate relationship ${i + 1}`);
    if (!relationship.approved) {
      notes.push(`Dropped unapproved relationship: ${relationship.id}`);
    } else if (!readsRelationship(scope, relationship)) {
      dropped.push(relationship.id);
    } else {
      relationships.add(relationship.id);
      tables.add(relationship.from.table);
      tables.add(relationship.to.table);
      for (const key of keyColumns(relationship)) columns.add(key);
    }
  }
  if (dropped.length > 0) {
    notes.unshift(
      `Dropped candidates outside the role's scope: ${sortedUnique(dropped).join(', ')}`,
    );
  }
  return {
    status: tables.size === 0 ? 'no_candidates' : 'ready',
    tables: sortedUnique(tables),
    columns: sortedUnique(columns),
    relationships: sortedUnique(relationships),
    notes,
    paths: [],
    problems: [],
  };
}
