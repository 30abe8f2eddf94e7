// Every place a query reads a physical table, with the alias it goes by there. Query plans
// name a table by its alias (SQLite's EXPLAIN QUERY PLAN prints `SCAN t` for `Track t`), so
// reading a plan needs this map. CTE names and subquery aliases are not physical tables.
import type { SchemaLike } from './catalog.js';
import { buildCatalog, writtenName } from './catalog.js';
import type { SqlDialect } from './dialect.js';
import { toDialect } from './dialect.js';
import { loadSdk } from './load.js';
import { asKind, toIdent } from './node.js';
import { parseOneQuery } from './query-parse.js';
import { analyze } from './scope.js';

export interface TableReference {
  /** The table: its catalog name when a schema was given and has it, else as written. */
  table: string;
  /** The alias it is read under here, or null (then plans use the table's own name). */
  alias: string | null;
}

/** Table references of `sql` in every scope, in query order; undefined when not one query. */
export async function tableReferences(
  sql: string,
  schema?: SchemaLike,
  options: { dialect?: SqlDialect | string } = {},
): Promise<TableReference[] | undefined> {
  const dialect = toDialect(options.dialect ?? 'sqlite');
  const q = parseOneQuery(await loadSdk(), sql, dialect);
  if (!q.ok) return undefined;
  const a = analyze(q.query, dialect, schema ? buildCatalog(schema, dialect) : undefined);
  return a.tables.map((t) => ({
    table: t.entry ? t.entry.display : writtenName(t.name).replace(/"/g, ''),
    alias: toIdent(asKind(t.node, 'table')?.alias)?.name ?? null,
  }));
}
