// What a run's record and journal say about its data when the suite's cases ask several
// datasources. A record names one database: with one datasource it is that datasource (as
// before projects existed); with several it is all of them together, so a run is compared
// only with runs over the same set of databases, each with the same schema
// (decisions/evals-yaml-project.md).

import { createHash } from 'node:crypto';
import type { RecordDatabase } from '@nl2sql/records';
import { type DataFingerprint, databaseIdentity, dataFingerprint } from '@nl2sql/runner';
import type { OpenDatasource } from './datasource-limits.js';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The ids the run asks, sorted, with their datasources. */
function sorted(byId: ReadonlyMap<string, OpenDatasource>, ids: readonly string[]) {
  return [...new Set(ids)].sort().map((id) => {
    const datasource = byId.get(id);
    if (!datasource) throw new Error(`datasource ${id} was not opened`);
    return { id, datasource };
  });
}

/**
 * The record's database: the one datasource's identity, or for several the ids joined with
 * `.` (`sales.support`), their engines, a SHA-256 over each id's schema fingerprint, and
 * the tables and columns of all of them.
 */
export async function runDatabase(
  byId: ReadonlyMap<string, OpenDatasource>,
  ids: readonly string[],
): Promise<RecordDatabase> {
  const each = await Promise.all(
    sorted(byId, ids).map(({ id, datasource }) => databaseIdentity(id, datasource)),
  );
  const [only] = each;
  if (only && each.length === 1) return only;
  return {
    datasource_id: each.map((d) => d.datasource_id).join('.'),
    engine: [...new Set(each.map((d) => d.engine))].join('+'),
    schema_fingerprint: sha256(
      each.map((d) => `${d.datasource_id}\t${d.schema_fingerprint}`).join('\n'),
    ),
    tables: each.reduce((n, d) => n + d.tables, 0),
    columns: each.reduce((n, d) => n + d.columns, 0),
  };
}

/** The journal's data digest: the one datasource's, or for several one over each (`id.Table` row counts). */
export async function runData(
  byId: ReadonlyMap<string, OpenDatasource>,
  ids: readonly string[],
): Promise<DataFingerprint> {
  const each = await Promise.all(
    sorted(byId, ids).map(async ({ id, datasource }) => ({
      id,
      data: await dataFingerprint(datasource),
    })),
  );
  const [only] = each;
  if (only && each.length === 1) return only.data;
  const rowCounts: Record<string, number> = {};
  for (const { id, data } of each)
    for (const [table, count] of Object.entries(data.rowCounts))
      rowCounts[`${id}.${table}`] = count;
  return {
    digest: sha256(each.map(({ id, data }) => `${id}\t${data.digest}`).join('\n')),
    rowCounts,
  };
}
