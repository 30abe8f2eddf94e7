// The physical tables and Table.Column pairs a query reads, in every clause (select list,
// join keys, filters, grouping, ordering), for suite lint and schema-linking gold.
import type { SchemaLike } from './catalog.js';
import { buildCatalog, writtenName } from './catalog.js';
import type { SqlDialect } from './dialect.js';
import { toDialect } from './dialect.js';
import { loadSdk } from './load.js';
import type { TableUse } from './scope.js';
import { analyze } from './scope.js';
import { sharedParse } from './shared-parse.js';
import { sqlSizeViolation } from './sql-size.js';
import { syntaxOf } from './syntax.js';

export interface ReadSet {
  /** Physical tables, sorted: catalog names when a schema was given, else as written. */
  tables: string[];
  /** "Table.Column" pairs, sorted. */
  columns: string[];
  /** Column references that could not be tied to one table (no schema, or ambiguous). */
  unattributed: string[];
}

export interface ReadSetOptions {
  dialect?: SqlDialect | string;
  /** Longer SQL (UTF-8 bytes) is not parsed: undefined, as for SQL that is not one query. Default DEFAULT_MAX_SQL_BYTES. */
  maxSqlBytes?: number;
}

function display(t: TableUse): string {
  return t.entry ? t.entry.display : writtenName(t.name).replace(/"/g, '');
}

/**
 * Tables and columns read by `sql`. Returns undefined when `sql` is not one query (L1
 * fails, or the text is over `maxSqlBytes`). With a schema, unqualified columns are attributed through it.
 */
export async function readSet(
  sql: string,
  schema?: SchemaLike,
  options: ReadSetOptions = {},
): Promise<ReadSet | undefined> {
  const dialect = toDialect(options.dialect ?? 'sqlite');
  if (sqlSizeViolation(sql, options.maxSqlBytes)) return undefined;
  const sdk = await loadSdk();
  const l1 = syntaxOf(sharedParse(sdk, sql, dialect));
  if (l1.query === undefined) return undefined;
  const a = analyze(l1.query, dialect, schema ? buildCatalog(schema, dialect) : undefined);
  const tables = new Set(a.tables.map(display));
  const columns = new Set<string>();
  const unattributed = new Set<string>();
  for (const c of a.columns) {
    if (c.reads.length === 0) {
      // A select alias or a CTE/subquery output reads nothing new: its body was counted.
      if (c.target === 'unknown' || c.target === 'table') {
        unattributed.add(c.qualifier ? `${c.qualifier.name}.${c.column.name}` : c.column.name);
      }
      continue;
    }
    for (const r of c.reads) columns.add(`${display(r.table)}.${r.column}`);
  }
  return {
    tables: [...tables].sort(),
    columns: [...columns].sort(),
    unattributed: [...unattributed].sort(),
  };
}
