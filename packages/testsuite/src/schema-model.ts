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
 * blocks (rows reference earlier rows of the same table). When only cycles are left, a table
 * on a cycle is filled first, preferring the one with the fewest NOT NULL keys into tables
 * still unfilled (then the name); its keys into the cycle are deferred and patched afterwards.
 */
export function fillOrder(tables: readonly TableSchema[]): {
  order: string[];
  deferred: Map<string, ForeignKeySchema[]>;
} {
  const byName = new Map(tables.map((t) => [lower(t.name), t]));
  const remaining = new Set(tables.map((t) => lower(t.name)));
  const order: string[] = [];
  const deferred = new Map<string, ForeignKeySchema[]>();
  const parentsOf = (name: string) =>
    (byName.get(name)!.foreignKeys ?? [])
      .map((fk) => lower(fk.referencedTable))
      .filter((p) => p !== name && remaining.has(p));
  const onCycle = (start: string) => {
    const seen = new Set<string>();
    const stack = parentsOf(start);
    while (stack.length > 0) {
      const next = stack.pop()!;
      if (next === start) return true;
      if (seen.has(next)) continue;
      seen.add(next);
      stack.push(...parentsOf(next));
    }
    return false;
  };
  const blockingNotNull = (name: string) =>
    (byName.get(name)!.foreignKeys ?? []).filter(
      (fk) =>
        lower(fk.referencedTable) !== name &&
        remaining.has(lower(fk.referencedTable)) &&
        fk.columns.some(
          (c) =>
            byName.get(name)!.columns.find((col) => lower(col.name) === lower(c))?.nullable ===
            false,
        ),
    ).length;
  while (remaining.size > 0) {
    const sorted = [...remaining].sort();
    let next = sorted.find((name) => parentsOf(name).length === 0);
    if (next === undefined) {
      const cyclic = sorted.filter(onCycle);
      next = (cyclic.length > 0 ? cyclic : sorted).reduce((best, name) =>
        blockingNotNull(name) < blockingNotNull(best) ? name : best,
      );
    }
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
