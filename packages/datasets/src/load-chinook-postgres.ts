import { CHINOOK_SHA256 } from './chinook.js';
import { ChinookLoadError } from './chinook-load-error.js';
import {
  createTableSql,
  foreignKeySql,
  indexSql,
  quoteIdent,
  type SqliteTable,
} from './chinook-postgres-ddl.js';
import { type LocateOptions, locateChinook } from './locate-chinook.js';

export interface LoadChinookOptions {
  /** The database to create (if missing) and fill (default `chinook`). */
  database?: string;
  /** How the verified SQLite file is found (default: locateChinook's own lookup). */
  locate?: LocateOptions;
}

export interface LoadedChinook {
  database: string;
  /** `adminUrl` pointed at the loaded database (it keeps the admin's password). */
  url: string;
  /** False when the database already held this exact load and nothing was written. */
  loaded: boolean;
  /** Every table with its row count, in name order. */
  tables: { name: string; rows: number }[];
}

/** What the database comment says once a load has committed; a later call that finds it (and the same row counts) does nothing. */
export const CHINOOK_POSTGRES_MARKER = `nl2sql-evals: Chinook loaded from Chinook_Sqlite.sqlite sha256 ${CHINOOK_SHA256}`;

type Row = Record<string, unknown>;
type PgModule = typeof import('pg');
type Sqlite3 = typeof import('sqlite3');

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters for Chinook's widest table. */
const INSERT_BATCH = 500;

async function dependencies(): Promise<{ pg: PgModule['default']; sqlite3: Sqlite3 }> {
  try {
    const [pg, sqlite3] = await Promise.all([import('pg'), import('sqlite3')]);
    // sqlite3 is CommonJS with ESM-style typings: at run time its exports are the default.
    return { pg: pg.default, sqlite3: (sqlite3 as { default?: Sqlite3 }).default ?? sqlite3 };
  } catch (error) {
    const said = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new ChinookLoadError(
      'DEPENDENCY_MISSING',
      `loading Chinook into PostgreSQL needs the packages pg and sqlite3 (optional peers of @nl2sql/datasets): ${said}`,
    );
  }
}

/** `postgres://user@host:port/database`, never the password. */
function describe(url: URL): string {
  return `postgres://${url.username ? `${decodeURIComponent(url.username)}@` : ''}${url.host}${url.pathname}`;
}

function oneLine(error: unknown, secret: string): string {
  const text = error instanceof Error ? error.message : String(error);
  const clean = secret ? text.replaceAll(secret, '***') : text;
  return clean.replace(/\s*[\r\n]+\s*/g, ' ').trim();
}

/** Read every table of the SQLite file: columns, keys, indexes and rows (Chinook is 1 MB). */
async function readSqlite(
  sqlite3: Sqlite3,
  path: string,
): Promise<{ table: SqliteTable; rows: Row[] }[]> {
  const db = await new Promise<import('sqlite3').Database>((resolve, reject) => {
    const handle = new sqlite3.Database(path, sqlite3.OPEN_READONLY, (error) =>
      error ? reject(error) : resolve(handle),
    );
  });
  const all = (sql: string, params: unknown[] = []) =>
    new Promise<Row[]>((resolve, reject) =>
      db.all(sql, params, (error, rows) => (error ? reject(error) : resolve(rows as Row[]))),
    );
  try {
    const names = await all(
      "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name",
    );
    const out: { table: SqliteTable; rows: Row[] }[] = [];
    for (const { name } of names) {
      const tableName = String(name);
      const columns = (
        await all('SELECT * FROM pragma_table_info(?) ORDER BY cid', [tableName])
      ).map((c) => ({
        name: String(c.name),
        type: String(c.type ?? ''),
        notNull: Number(c.notnull) === 1,
        primaryKey: Number(c.pk),
      }));
      const keyRows = await all('SELECT * FROM pragma_foreign_key_list(?) ORDER BY id, seq', [
        tableName,
      ]);
      const byId = new Map<number, Row[]>();
      for (const row of keyRows)
        byId.set(Number(row.id), [...(byId.get(Number(row.id)) ?? []), row]);
      const foreignKeys = [...byId.values()].map((parts) => ({
        columns: parts.map((p) => String(p.from)),
        table: String(parts[0]!.table),
        referencedColumns: parts.map((p) => String(p.to)),
      }));
      const indexes = [];
      for (const index of await all(
        "SELECT * FROM pragma_index_list(?) WHERE origin = 'c' ORDER BY name",
        [tableName],
      )) {
        const parts = await all('SELECT name FROM pragma_index_info(?) ORDER BY seqno', [
          index.name,
        ]);
        indexes.push({
          name: String(index.name),
          columns: parts.map((p) => String(p.name)),
          unique: Number(index.unique) === 1,
        });
      }
      const rows = await all(`SELECT * FROM ${quoteIdent(tableName)} ORDER BY rowid`);
      out.push({ table: { name: tableName, columns, foreignKeys, indexes }, rows });
    }
    return out;
  } finally {
    await new Promise<void>((resolve) => db.close(() => resolve()));
  }
}

/**
 * Load Chinook into PostgreSQL from the verified SQLite file: create the database if missing
 * (UTF8, C collation, so text sorts by code point like SQLite's BINARY), then in one
 * transaction re-create the eleven tables with the same quoted PascalCase names, matching
 * types, primary keys, foreign keys and indexes, and copy every row. Idempotent: a database
 * whose comment records this load and whose row counts match is left alone (`loaded: false`);
 * anything else is replaced, which also drops grants on the old tables, so apply grants after
 * a load. `adminUrl` must name a role that can create databases and tables.
 */
export async function loadChinookPostgres(
  adminUrl: string,
  options: LoadChinookOptions = {},
): Promise<LoadedChinook> {
  const database = options.database ?? 'chinook';
  let admin: URL;
  try {
    admin = new URL(adminUrl);
  } catch {
    throw new ChinookLoadError(
      'BAD_URL',
      'the admin URL does not parse; expected postgres://user:password@host:port/database',
    );
  }
  if (admin.protocol !== 'postgres:' && admin.protocol !== 'postgresql:') {
    throw new ChinookLoadError(
      'BAD_URL',
      `the admin URL must start with postgres://, not ${admin.protocol}//`,
    );
  }
  const secret = admin.password ? decodeURIComponent(admin.password) : '';
  const target = new URL(admin.toString());
  target.pathname = `/${encodeURIComponent(database)}`;
  const { pg, sqlite3 } = await dependencies();
  const source = await readSqlite(sqlite3, await locateChinook(options.locate));

  const connect = async (url: URL) => {
    const client = new pg.Client({
      connectionString: url.toString(),
      application_name: 'nl2sql-evals chinook load',
    });
    client.on('error', () => undefined);
    try {
      await client.connect();
    } catch (error) {
      throw new ChinookLoadError(
        'CONNECTION',
        `${describe(url)}: could not connect: ${oneLine(error, secret)}`,
      );
    }
    return client;
  };

  const server = await connect(admin);
  try {
    const exists = await server.query('SELECT 1 FROM pg_catalog.pg_database WHERE datname = $1', [
      database,
    ]);
    if (exists.rowCount === 0) {
      await server
        .query(
          `CREATE DATABASE ${quoteIdent(database)} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C'`,
        )
        .catch((error: { code?: string }) => {
          if (error.code !== '42P04') throw error; // created meanwhile by a concurrent load
        });
    }
  } catch (error) {
    if (error instanceof ChinookLoadError) throw error;
    throw new ChinookLoadError(
      'LOAD_FAILED',
      `${describe(admin)}: creating database ${database}: ${oneLine(error, secret)}`,
    );
  } finally {
    await server.end().catch(() => undefined);
  }

  const client = await connect(target);
  const counts = source.map(({ table, rows }) => ({ name: table.name, rows: rows.length }));
  try {
    await client.query('BEGIN');
    // Concurrent loads of the same database (parallel test files) take turns.
    await client.query("SELECT pg_advisory_xact_lock(hashtext('nl2sql-evals chinook load'))");
    if (await alreadyLoaded(client, counts)) {
      await client.query('COMMIT');
      return { database, url: target.toString(), loaded: false, tables: counts };
    }
    for (const { table } of source)
      await client.query(`DROP TABLE IF EXISTS ${quoteIdent(table.name)} CASCADE`);
    for (const { table } of source) await client.query(createTableSql(table));
    for (const { table, rows } of source) await insertRows(client, table, rows);
    for (const { table } of source) for (const sql of foreignKeySql(table)) await client.query(sql);
    for (const { table } of source) for (const sql of indexSql(table)) await client.query(sql);
    await client.query(
      `COMMENT ON DATABASE ${quoteIdent(database)} IS '${CHINOOK_POSTGRES_MARKER}'`,
    );
    await client.query('COMMIT');
    await client.query('ANALYZE');
    return { database, url: target.toString(), loaded: true, tables: counts };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw new ChinookLoadError(
      'LOAD_FAILED',
      `${describe(target)}: loading Chinook: ${oneLine(error, secret)}`,
    );
  } finally {
    await client.end().catch(() => undefined);
  }
}

type PgClient = InstanceType<PgModule['default']['Client']>;

async function alreadyLoaded(
  client: PgClient,
  counts: { name: string; rows: number }[],
): Promise<boolean> {
  const marker = await client.query(
    "SELECT pg_catalog.shobj_description(oid, 'pg_database') AS comment FROM pg_catalog.pg_database WHERE datname = current_database()",
  );
  if (marker.rows[0]?.comment !== CHINOOK_POSTGRES_MARKER) return false;
  for (const { name, rows } of counts) {
    const found = await client.query('SELECT to_regclass($1) IS NOT NULL AS present', [
      quoteIdent(name),
    ]);
    if (found.rows[0]?.present !== true) return false;
    const count = await client.query(`SELECT count(*)::int AS n FROM ${quoteIdent(name)}`);
    if (count.rows[0]?.n !== rows) return false;
  }
  return true;
}

async function insertRows(client: PgClient, table: SqliteTable, rows: Row[]): Promise<void> {
  const columns = table.columns.map((c) => c.name);
  const into = `INSERT INTO ${quoteIdent(table.name)} (${columns.map(quoteIdent).join(', ')}) VALUES `;
  for (let start = 0; start < rows.length; start += INSERT_BATCH) {
    const batch = rows.slice(start, start + INSERT_BATCH);
    const values: unknown[] = [];
    const tuples = batch.map((row) => {
      const slots = columns.map((column) => {
        values.push(row[column] ?? null);
        return `$${values.length}`;
      });
      return `(${slots.join(', ')})`;
    });
    await client.query(into + tuples.join(', '), values);
  }
}
