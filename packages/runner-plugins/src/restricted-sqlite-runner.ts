// Reference-SQL match in mode retrieval (the runner's retrieval scoring, `selection.reference`) runs the case's gold query on a database that holds
// only what the retriever selected: each selected table with only its selected columns,
// copied out of the SQLite file the run reads. A query that needs anything left out fails
// there instead of passing. Each run gets a file of its own, removed afterwards.

import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqlite, writeSqliteCopy } from '@nl2sql/datasource-sqlite';
import {
  type RestrictedRunner,
  restrictedCopySql,
  type SchemaShape,
} from '@nl2sql/schema-selection';

/**
 * A RestrictedRunner over the SQLite database `source` (described by `schema`). The copy is
 * read through openSqlite, so the gold query runs read-only with the adapter's limits.
 */
export function restrictedSqliteRunner(source: string, schema: SchemaShape): RestrictedRunner {
  return async (sql, selection) => {
    const dir = await mkdtemp(join(tmpdir(), 'nl2sql-selection-'));
    try {
      const file = join(dir, `${randomUUID()}.sqlite`);
      await writeSqliteCopy(source, file, restrictedCopySql(selection, schema));
      const copy = await openSqlite(file, { poolSize: 1 });
      try {
        const result = await copy.execute(sql);
        return { columns: result.columns, rows: result.rows };
      } finally {
        await copy.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };
}
