// Everything selection needs about one schema and one role, built once: the role's scoped
// schema, the relationship registry, and the join graphs completion searches (the approved,
// readable one it may use, and two wider ones that only explain why no path was found).

import { JoinGraph } from './join-graph.js';
import { keyColumns, type Relationship } from './relationship.js';
import {
  type DeclaredRelationship,
  type RelationshipRegistry,
  relationshipRegistry,
} from './relationship-registry.js';
import { type RoleScope, type ScopedSchema, scopeSchema } from './role-scope.js';
import type { SchemaShape, TableShape } from './schema-shape.js';

export interface SelectionContextOptions {
  /** The role's read scope; omitted: the whole schema. */
  readonly role?: RoleScope;
  /** Relationships declared by hand, approved or not. */
  readonly declared?: readonly DeclaredRelationship[];
  /** Whether introspected foreign keys count as approved unless declared otherwise. Default true. */
  readonly approveForeignKeys?: boolean;
}

export interface SelectionContext<T extends TableShape = TableShape> {
  readonly scope: ScopedSchema<T>;
  readonly registry: RelationshipRegistry;
  /** Approved relationships whose tables and key columns the role may all read. */
  readonly graph: JoinGraph;
  /** Approved relationships, scope ignored: a path here but not in `graph` crosses denied ground. */
  readonly approvedGraph: JoinGraph;
  /** Every relationship: a path only here needs an unapproved join. */
  readonly anyGraph: JoinGraph;
}

/** Whether the role may read both tables and every key column of `relationship`. */
export function readsRelationship(scope: ScopedSchema, relationship: Relationship): boolean {
  return (
    scope.readsTable(relationship.from.table) &&
    scope.readsTable(relationship.to.table) &&
    keyColumns(relationship).every((k) => scope.readsColumn(k))
  );
}

/** The context for selecting from `schema` as one role. */
export function selectionContext<T extends TableShape>(
  schema: SchemaShape<T>,
  options: SelectionContextOptions = {},
): SelectionContext<T> {
  const scope = scopeSchema(schema, options.role);
  const registry = relationshipRegistry(schema, {
    ...(options.declared ? { declared: options.declared } : {}),
    ...(options.approveForeignKeys === undefined
      ? {}
      : { approveForeignKeys: options.approveForeignKeys }),
  });
  return contextOf(scope, registry);
}

/** A context from a scope and a registry built separately (they must describe one schema). */
export function contextOf<T extends TableShape>(
  scope: ScopedSchema<T>,
  registry: RelationshipRegistry,
): SelectionContext<T> {
  if (scope.names.tables.join('\u0000') !== registry.names.tables.join('\u0000')) {
    throw new TypeError('the role scope and the relationship registry describe different schemas');
  }
  return {
    scope,
    registry,
    graph: new JoinGraph(registry.all, (r) => r.approved && readsRelationship(scope, r)),
    approvedGraph: new JoinGraph(registry.all, (r) => r.approved),
    anyGraph: new JoinGraph(registry.all, () => true),
  };
}
