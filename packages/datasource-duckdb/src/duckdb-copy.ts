import { rename, rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import {
  blobValue,
  type DuckDBConnection,
  DuckDBInstance,
  type DuckDBValue,
} from '@duckdb/node-api';
import {
  type CellValue,
  type Datasource,
  DatasourceError,
  schemaFingerprint,
  type TableSchema,
} from '@nl2sql/datasource';
import { declaredTypeComment, isPlainTypeText } from './declared-type.js';
import { openDuckdb } from './duckdb-datasource.js';
import { duckdbError } from './duckdb-error.js';
import { quoteIdentifier as q } from './duckdb-introspect.js';
import { rowsDigest } from './rows-digest.js';
import { affinityType } from './sqlite-affinity.js';

/** One copied table: its rows on both sides, equal by construction of the check. */
export interface CopiedTable {
  name: string;
  rows: number;
  /** SHA-256 of the table's rows (rowsDigest), the same in the source and the copy. */
  sha256: string;
}

export interface DuckdbCopy {
  /** The DuckDB file written, absolute. */
  file: string;
  tables: CopiedTable[];
  /** Views of the source, not copied (their SQL is the source's dialect). */
  skippedViews: string[];
  /** The schema fingerprints of the source and the copy; equal when every declared type was kept. */
  fingerprint: { source: string; copy: string };
}

/** A copy that could not be written, or whose rows differ from the source's. */
export class DuckdbCopyError extends Error {
  override readonly name = 'DuckdbCopyError';
}

const BATCH_ROWS = 2000;

/** Tables in an order where every referenced table comes first (self-references aside). */
function creationOrder(tables: TableSchema[]): TableSchema[] {
  const byName = new Map(tables.map((t) => [t.name.toLowerCase(), t]));
  const done = new Set<string>();
  const visiting = new Set<string>();
  const out: TableSchema[] = [];
  const visit = (table: TableSchema) => {
    const name = table.name.toLowerCase();
    if (done.has(name)) return;
    if (visiting.has(name))
      throw new DuckdbCopyError(`the foreign keys of ${table.name} form a cycle`);
    visiting.add(name);
    for (const fk of table.foreignKeys ?? []) {
      const target = byName.get(fk.referencedTable.toLowerCase());
      if (target && target !== table) visit(target);
    }
    visiting.delete(name);
    done.add(name);
    out.push(table);
  };
  for (const table of tables) visit(table);
  return out;
}

/** The DuckDB type a declaration becomes: as written when DuckDB accepts it, else by affinity. */
async function duckdbType(connection: DuckDBConnection, declared: string) {
  const text = declared.trim();
  if (text !== '' && isPlainTypeText(text)) {
    try {
      const reader = await connection.runAndReadAll(`SELECT typeof(CAST(NULL AS ${text}))`);
      return { sql: text, resolved: String(reader.getRowsJS()[0]?.[0]), kept: true };
    } catch {
      // Not a DuckDB type: fall back to SQLite's affinity.
    }
  }
  const sql = affinityType(text);
  return { sql, resolved: sql, kept: false };
}

function bindable(cell: CellValue): DuckDBValue {
  return Buffer.isBuffer(cell) ? blobValue(new Uint8Array(cell)) : (cell as DuckDBValue);
}

async function readAll(source: Datasource, table: string) {
  const result = await source.execute(`SELECT * FROM ${q(table)}`, {
    maxRows: Number.POSITIVE_INFINITY,
    timeoutMs: 600_000,
  });
  if (result.truncated) throw new DuckdbCopyError(`${table}: the source cut its rows short`);
  return result;
}

async function createTable(connection: DuckDBConnection, table: TableSchema) {
  const parts: string[] = [];
  const comments: string[] = [];
  for (const column of table.columns) {
    const type = await duckdbType(connection, column.type ?? '');
    parts.push(`${q(column.name)} ${type.sql}${column.nullable === false ? ' NOT NULL' : ''}`);
    if (type.kept && type.sql.toUpperCase() !== type.resolved.toUpperCase()) {
      const comment = declaredTypeComment(type.sql).replaceAll("'", "''");
      comments.push(`COMMENT ON COLUMN ${q(table.name)}.${q(column.name)} IS '${comment}'`);
    }
  }
  const key = table.primaryKey ?? table.columns.filter((c) => c.primaryKey).map((c) => c.name);
  if (key.length > 0) parts.push(`PRIMARY KEY (${key.map(q).join(', ')})`);
  for (const fk of table.foreignKeys ?? []) {
    parts.push(
      `FOREIGN KEY (${fk.columns.map(q).join(', ')}) REFERENCES ${q(fk.referencedTable)} (${fk.referencedColumns.map(q).join(', ')})`,
    );
  }
  await connection.run(`CREATE TABLE ${q(table.name)} (\n  ${parts.join(',\n  ')}\n)`);
  for (const comment of comments) await connection.run(comment);
}

/**
 * Rows in generations a self-referencing foreign key accepts: DuckDB checks the key against
 * rows already in the table, so a row whose referenced row is in the same INSERT is refused
 * (Employee.ReportsTo). Each generation references only NULL or rows of earlier ones.
 */
function generations(table: TableSchema, columns: string[], rows: CellValue[][]): CellValue[][][] {
  const self = (table.foreignKeys ?? []).filter(
    (fk) => fk.referencedTable.toLowerCase() === table.name.toLowerCase(),
  );
  if (self.length === 0) return [rows];
  const index = (name: string) => columns.findIndex((c) => c.toLowerCase() === name.toLowerCase());
  const keys = self.map((fk) => ({
    from: fk.columns.map(index),
    to: fk.referencedColumns.map(index),
  }));
  const inserted = keys.map(() => new Set<string>());
  const out: CellValue[][][] = [];
  let left = rows;
  while (left.length > 0) {
    const ready = left.filter((row) =>
      keys.every((k, i) => {
        const value = k.from.map((c) => row[c] ?? null);
        return value.some((v) => v === null) || inserted[i]!.has(JSON.stringify(value.map(String)));
      }),
    );
    if (ready.length === 0)
      throw new DuckdbCopyError(`${table.name}: rows reference rows that do not exist`);
    for (const row of ready) {
      keys.forEach((k, i) => {
        inserted[i]!.add(JSON.stringify(k.to.map((c) => String(row[c]))));
      });
    }
    const taken = new Set(ready);
    left = left.filter((row) => !taken.has(row));
    out.push(ready);
  }
  return out;
}

async function insertRows(connection: DuckDBConnection, table: TableSchema, source: Datasource) {
  const { columns, rows } = await readAll(source, table.name);
  const list = columns.map(q).join(', ');
  const one = `(${columns.map(() => '?').join(', ')})`;
  for (const generation of generations(table, columns, rows)) {
    for (let at = 0; at < generation.length; at += BATCH_ROWS) {
      const batch = generation.slice(at, at + BATCH_ROWS);
      await connection.run(
        `INSERT INTO ${q(table.name)} (${list}) VALUES ${batch.map(() => one).join(', ')}`,
        batch.flatMap((row) => row.map(bindable)),
      );
    }
  }
}

/**
 * Write every table of `source` (its columns, types, nullability, primary and foreign keys,
 * and rows) into a new DuckDB file at `target`, then check the copy row for row: each table's
 * rows are read back through openDuckdb and their digest must equal the source's. The file is
 * written beside `target` and renamed onto it only once checked, so a failed copy leaves no
 * file. `source` is any Datasource that accepts double-quoted names (the SQLite adapter, for
 * Chinook); types DuckDB accepts as declared are kept (and recorded for introspection), other
 * declarations take SQLite's affinity.
 */
export async function writeDuckdbCopy(source: Datasource, target: string): Promise<DuckdbCopy> {
  const file = resolve(target);
  const partial = `${file}.${process.pid}.partial`;
  await rm(partial, { force: true });
  await rm(`${partial}.wal`, { force: true });
  const schema = await source.introspect({ rowCounts: false });
  const tables = creationOrder(schema.tables.filter((t) => (t.kind ?? 'table') === 'table'));
  try {
    const instance = await DuckDBInstance.create(partial, {
      enable_external_access: 'false',
      autoload_known_extensions: 'false',
      autoinstall_known_extensions: 'false',
    }).catch((error: unknown) => {
      throw duckdbError(error, `cannot write the DuckDB copy ${file}`);
    });
    try {
      const connection = await instance.connect();
      try {
        for (const table of tables) await createTable(connection, table);
        for (const table of tables) await insertRows(connection, table, source);
        await connection.run('CHECKPOINT');
      } catch (error) {
        throw duckdbError(error, `writing the DuckDB copy ${file}`);
      } finally {
        connection.closeSync();
      }
    } finally {
      instance.closeSync();
    }
    const copied = await verifyCopy(source, partial, tables);
    await rename(partial, file);
    return {
      file,
      tables: copied.tables,
      skippedViews: schema.tables.filter((t) => t.kind === 'view').map((t) => t.name),
      fingerprint: { source: schemaFingerprint(schema), copy: copied.fingerprint },
    };
  } catch (error) {
    await rm(partial, { force: true });
    if (error instanceof DatasourceError)
      throw new DuckdbCopyError(error.message, { cause: error });
    throw error;
  }
}

/** Read every table back from the copy and compare its digest with the source's. */
async function verifyCopy(source: Datasource, file: string, tables: TableSchema[]) {
  const copy = await openDuckdb(file, { poolSize: 1, maxResultBytes: Number.POSITIVE_INFINITY });
  try {
    const out: CopiedTable[] = [];
    for (const table of tables) {
      const before = rowsDigest((await readAll(source, table.name)).rows);
      const after = rowsDigest((await readAll(copy, table.name)).rows);
      if (before.sha256 !== after.sha256) {
        const missing = before.lines.find((line, i) => after.lines[i] !== line);
        throw new DuckdbCopyError(
          `${table.name}: the copy's rows differ from the source's (${before.rows} rows in the source, ${after.rows} in the copy; first differing source row ${missing ?? '(none)'})`,
        );
      }
      out.push({ name: table.name, rows: before.rows, sha256: before.sha256 });
    }
    return { tables: out, fingerprint: await copy.fingerprint() };
  } finally {
    await copy.close();
  }
}
