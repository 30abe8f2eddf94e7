// The snapshots of a project's SQLite datasources (evals.yaml datasources.ID.snapshots),
// opened read-only for one command, each held to its datasource's limits. A snapshot whose
// file is missing or not SQLite, or whose schema differs from its datasource's (the schema
// fingerprint), is one line located in evals.yaml and exit 3: a snapshot of another schema
// would fail right answers for reasons that are not theirs. Nothing is left open on a refusal.
import { createHash } from 'node:crypto';
import { schemaFingerprint } from '@nl2sql/datasource';
import { type Project, projectLine } from '@nl2sql/project';
import { type DataFingerprint, dataFingerprint } from '@nl2sql/runner';
import { openDatabase } from '../datasources/open-database.js';
import { configError } from '../evaluate-error.js';
import { type OpenDatasource, withLimits } from './datasource-limits.js';

/** One snapshot, open. */
export interface OpenSnapshot {
  readonly name: string;
  readonly datasource: OpenDatasource;
}

/** The snapshots a command opened, by datasource id, and how to close them all. */
export interface OpenSnapshots {
  readonly byId: Readonly<Record<string, readonly OpenSnapshot[]>>;
  /** The same as a map, as regenerate and the cross-check take them. */
  readonly map: ReadonlyMap<string, readonly OpenSnapshot[]>;
  close(): Promise<void>;
}

function where(project: Project, id: string, index: number, key: string): string {
  const line =
    project.file === null
      ? undefined
      : projectLine(project, ['datasources', id, 'snapshots', index, key]);
  return `${project.file ?? 'the built-in project'}${line === undefined ? '' : `:${line}`}: datasources.${id}.snapshots[${index}].${key}:`;
}

/**
 * Opens the snapshots of the datasources in `pinned` (the command's open datasources, by id),
 * each checked to have its datasource's schema.
 */
export async function openSnapshots(
  project: Project,
  pinned: ReadonlyMap<string, OpenDatasource>,
): Promise<OpenSnapshots> {
  const byId: Record<string, OpenSnapshot[]> = {};
  const opened: OpenDatasource[] = [];
  const close = async () => {
    for (const datasource of opened) await datasource.close();
  };
  try {
    for (const source of project.datasources) {
      const base = pinned.get(source.id);
      if (source.engine !== 'sqlite' || !source.snapshots || base === undefined) continue;
      const expected = schemaFingerprint(await base.introspect({ rowCounts: false }));
      const limits = {
        ...(source.timeoutMs !== undefined ? { timeoutMs: source.timeoutMs } : {}),
        ...(source.maxRows !== undefined ? { maxRows: source.maxRows } : {}),
      };
      const list: OpenSnapshot[] = [];
      for (const [i, snapshot] of source.snapshots.entries()) {
        const file = await openDatabase(
          snapshot.path,
          where(project, source.id, i, 'path'),
          limits,
        );
        const datasource = withLimits(file, limits);
        opened.push(datasource);
        const found = schemaFingerprint(await datasource.introspect({ rowCounts: false }));
        if (found !== expected) {
          throw configError(
            `${where(project, source.id, i, 'path')} ${snapshot.path}: snapshot ${snapshot.name} has another schema than datasource ${source.id} (schema fingerprint ${found.slice(0, 12)}, expected ${expected.slice(0, 12)}); a snapshot must have the same tables, columns and keys`,
          );
        }
        list.push({ name: snapshot.name, datasource });
      }
      byId[source.id] = list;
    }
  } catch (error) {
    await close();
    throw error;
  }
  return { byId, map: new Map(Object.entries(byId)), close };
}

/**
 * The run's data digest with its snapshots' folded in (their row counts as
 * `ID@SNAPSHOT.Table`): a journal resumed, or shards merged, over other snapshot data are
 * refused as over other data.
 */
export async function withSnapshotData(
  data: DataFingerprint,
  snapshots: OpenSnapshots | null,
): Promise<DataFingerprint> {
  const entries = Object.entries(snapshots?.byId ?? {}).flatMap(([id, list]) =>
    list.map((s) => ({ key: `${id}@${s.name}`, datasource: s.datasource })),
  );
  if (entries.length === 0) return data;
  const rowCounts: Record<string, number> = { ...data.rowCounts };
  const lines = [data.digest];
  for (const { key, datasource } of entries) {
    const each = await dataFingerprint(datasource);
    lines.push(`${key}\t${each.digest}`);
    for (const [table, count] of Object.entries(each.rowCounts))
      rowCounts[`${key}.${table}`] = count;
  }
  return { digest: createHash('sha256').update(lines.join('\n')).digest('hex'), rowCounts };
}
