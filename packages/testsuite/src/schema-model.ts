// The original database's schema as variant generation needs it: the DDL to replay, and the
// order to fill tables in so that every foreign key points at rows that already exist.
import type { Datasource, ForeignKeySchema, TableSchema } from '@nl2sql/datasource';
import { TestSuiteError } from './testsuite-error.js';

export interface SchemaModel {
  /** Tables (not views), by name. */
  tables: TableSchema[];
  /** CREATE statements in the original's creation order: tables, indexes and views. */
  ddl: string[];
  /** Triggers are not replayed: a variant holds exactly the rows generated for it. */
  skippedTriggers: string[];
  /** Tables in fill order: parents before children (cycles broken, see `deferred`). */
  fillOrder: string[];
  /** Per table, the foreign keys whose parent is filled later (or in the same cycle): patched after. */
  deferred: Map<string, ForeignKeySchema[]>;
}

const lower = (s: string) => s.toLowerCase();

/**
 * Fill order by Kahn's algorithm, alphabetical among ready tables. A self-reference never
 * blocks (rows reference earlier rows of the same table); when a cycle blocks every table, the
 * alphabetically first is filled anyway and its keys into the cycle are deferred.
 */
export function fillOrder(tables: readonly TableSchema[]): {
  order: string[];
  deferred: Map<string, ForeignKeySchema[]>;
} {
  const byName = new Map(tables.map((t) => [lower(t.name), t]));
  const remaining = new Set(tables.map((t) => lower(t.name)));
  const order: string[] = [];
  const deferred = new Map<string, ForeignKeySchema[]>();
  const parentsOf = (t: TableSchema) =>
    (t.foreignKeys ?? [])
      .map((fk) => lower(fk.referencedTable))
      .filter((p) => p !== lower(t.name) && byName.has(p));
  while (remaining.size > 0) {
    const ready = [...remaining]
      .filter((name) => parentsOf(byName.get(name)!).every((p) => !remaining.has(p)))
      .sort();
    const next = ready[0] ?? [...remaining].sort()[0]!;
    const table = byName.get(next)!;
    const late = (table.foreignKeys ?? []).filter(
      (fk) => lower(fk.referencedTable) !== next && remaining.has(lower(fk.referencedTable)),
    );
    if (late.length > 0) deferred.set(table.name, late);
    remaining.delete(next);
    order.push(table.name);
  }
  return { order, deferred };
}

/** Read the original's schema through the read-only datasource. */
export async function readSchemaModel(source: Datasource): Promise<SchemaModel> {
  const schema = await source.introspect({ rowCounts: true });
  const tables = schema.tables.filter((t) => t.kind !== 'view');
  const names = new Set(tables.map((t) => lower(t.name)));
  for (const t of tables) {
    for (const fk of t.foreignKeys ?? []) {
      if (!names.has(lower(fk.referencedTable))) {
        throw new TestSuiteError(
          'unsupported_schema',
          `table ${t.name} references ${fk.referencedTable}, which does not exist: no variant can satisfy that key`,
        );
      }
    }
  }
  const objects = await source.execute(
    "SELECT type, name, sql FROM sqlite_schema WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY rowid",
    { maxRows: Number.POSITIVE_INFINITY },
  );
  const ddl: string[] = [];
  const skippedTriggers: string[] = [];
  for (const [type, name, sql] of objects.rows.map((r) => r.map(String))) {
    if (/^\s*CREATE\s+VIRTUAL\s+TABLE/i.test(sql!)) {
      throw new TestSuiteError(
        'unsupported_schema',
        `${name} is a virtual table: its rows live in a module, not in tables a variant can fill`,
      );
    }
    if (type === 'trigger') skippedTriggers.push(name!);
    else ddl.push(sql!);
  }
  const { order, deferred } = fillOrder(tables);
  return { tables, ddl, skippedTriggers, fillOrder: order, deferred };
}
