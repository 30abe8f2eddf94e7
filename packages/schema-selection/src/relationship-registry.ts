// The relationships path completion may join over: the foreign keys introspection found,
// plus relationships declared by hand (evals.yaml or a suite) for joins the database does not
// enforce, each approved or not. A declaration over an existing foreign key sets its
// approval, so a team can withdraw a foreign key it does not want joins to follow.

import {
  parseRelationship,
  type Relationship,
  type RelationshipEnd,
  relationshipLabel,
} from './relationship.js';
import { SchemaNames } from './schema-names.js';
import { SchemaSelectionError } from './schema-selection-error.js';
import type { SchemaShape } from './schema-shape.js';

/** A relationship declared by hand. */
export interface DeclaredRelationship {
  /** `from(col,...)->to(col,...)`, or its two ends. Names resolve case-insensitively. */
  readonly relationship: string | { readonly from: RelationshipEnd; readonly to: RelationshipEnd };
  /** Whether joins may follow it. Required: approval is a decision, never a default. */
  readonly approved: boolean;
  readonly note?: string;
}

export interface RegistryOptions {
  readonly declared?: readonly DeclaredRelationship[];
  /** Whether introspected foreign keys count as approved unless declared otherwise. Default true. */
  readonly approveForeignKeys?: boolean;
}

/** A foreign key that names a table or column the schema does not have (a dangling key). */
export interface UnresolvedForeignKey {
  readonly table: string;
  readonly referencedTable: string;
  readonly reason: string;
}

function resolveEnd(names: SchemaNames, end: RelationshipEnd, where: string): RelationshipEnd {
  const table = names.table(end.table, where);
  if (end.columns.length === 0) {
    throw new SchemaSelectionError('malformed_relationship', where, `no key columns on ${table}`);
  }
  return { table, columns: end.columns.map((c) => names.column(table, c, where)) };
}

/** The relationships of one schema, sorted by label. Build it with `relationshipRegistry`. */
export class RelationshipRegistry {
  readonly all: readonly Relationship[];
  /** Foreign keys left out because they point at tables or columns that do not exist. */
  readonly unresolved: readonly UnresolvedForeignKey[];
  readonly names: SchemaNames;
  readonly #byId: ReadonlyMap<string, Relationship>;

  constructor(
    names: SchemaNames,
    relationships: readonly Relationship[],
    unresolved: readonly UnresolvedForeignKey[],
  ) {
    this.names = names;
    this.all = [...relationships].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    this.unresolved = unresolved;
    this.#byId = new Map(this.all.map((r) => [r.id, r]));
  }

  get approved(): Relationship[] {
    return this.all.filter((r) => r.approved);
  }

  /** The relationship a label names (names resolved against the schema), or an error. */
  get(label: string, where = 'relationship'): Relationship {
    const parsed = parseRelationship(label, where);
    const id = relationshipLabel(
      resolveEnd(this.names, parsed.from, where),
      resolveEnd(this.names, parsed.to, where),
    );
    const found = this.#byId.get(id);
    if (!found) {
      throw new SchemaSelectionError(
        'unknown_relationship',
        where,
        `${id} is neither a foreign key nor a declared relationship`,
      );
    }
    return found;
  }

  has(id: string): boolean {
    return this.#byId.has(id);
  }
}

/** The registry of `schema`'s foreign keys plus `options.declared`. */
export function relationshipRegistry(
  schema: SchemaShape,
  options: RegistryOptions = {},
): RelationshipRegistry {
  const names = new SchemaNames(schema);
  const approveForeignKeys = options.approveForeignKeys ?? true;
  const byId = new Map<string, Relationship>();
  const unresolved: UnresolvedForeignKey[] = [];
  for (const table of schema.tables) {
    for (const [n, fk] of (table.foreignKeys ?? []).entries()) {
      const where = `foreign key ${n + 1} of table ${table.name}`;
      let from: RelationshipEnd;
      let to: RelationshipEnd;
      try {
        from = resolveEnd(names, { table: table.name, columns: fk.columns }, where);
        to = resolveEnd(names, { table: fk.referencedTable, columns: fk.referencedColumns }, where);
        if (from.columns.length !== to.columns.length) {
          throw new SchemaSelectionError(
            'malformed_relationship',
            where,
            `${from.columns.length} column(s) reference ${to.columns.length}`,
          );
        }
      } catch (error) {
        if (!(error instanceof SchemaSelectionError)) throw error;
        unresolved.push({
          table: table.name,
          referencedTable: fk.referencedTable,
          reason: error.message,
        });
        continue;
      }
      const id = relationshipLabel(from, to);
      byId.set(id, {
        id,
        from,
        to,
        approved: approveForeignKeys,
        foreignKey: true,
        declared: false,
      });
    }
  }
  const declaredIds = new Set<string>();
  for (const [n, declaration] of (options.declared ?? []).entries()) {
    const where = `declared relationship ${n + 1}`;
    const ends =
      typeof declaration.relationship === 'string'
        ? parseRelationship(declaration.relationship, where)
        : declaration.relationship;
    const from = resolveEnd(names, ends.from, where);
    const to = resolveEnd(names, ends.to, where);
    if (from.columns.length !== to.columns.length) {
      throw new SchemaSelectionError(
        'malformed_relationship',
        where,
        `${from.columns.length} column(s) paired with ${to.columns.length}`,
      );
    }
    if (typeof declaration.approved !== 'boolean') {
      throw new SchemaSelectionError(
        'malformed_relationship',
        where,
        'approved must be true or false',
      );
    }
    const id = relationshipLabel(from, to);
    if (declaredIds.has(id)) {
      throw new SchemaSelectionError('duplicate_relationship', where, `${id} is declared twice`);
    }
    declaredIds.add(id);
    byId.set(id, {
      id,
      from,
      to,
      approved: declaration.approved,
      foreignKey: byId.get(id)?.foreignKey ?? false,
      declared: true,
      ...(declaration.note === undefined ? {} : { note: declaration.note }),
    });
  }
  return new RelationshipRegistry(names, [...byId.values()], unresolved);
}
