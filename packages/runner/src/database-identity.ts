import type { Datasource } from '@nl2sql/datasource';
import type { RecordDatabase } from '@nl2sql/records';

/**
 * The database identity a record carries: the datasource the suite's cases name, its
 * engine, its schema fingerprint and how many tables and columns it has.
 */
export async function databaseIdentity(
  id: string,
  datasource: Datasource,
): Promise<RecordDatabase> {
  const schema = await datasource.introspect({ rowCounts: false });
  return {
    datasource_id: id,
    engine: datasource.engine,
    schema_fingerprint: await datasource.fingerprint(),
    tables: schema.tables.length,
    columns: schema.tables.reduce((sum, table) => sum + table.columns.length, 0),
  };
}
