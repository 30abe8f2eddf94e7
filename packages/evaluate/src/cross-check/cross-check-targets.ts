// The databases `suite cross-check` compares with SQLite, one per engine: the user's own (a
// URL or a file), or for the Chinook suite one made here and thrown away at the end (an
// embedded PostgreSQL or a private MariaDB with Chinook loaded from its upstream script, a
// DuckDB copy of the verified SQLite file). Each adapter is imported only when its engine
// is asked for, so a cross-check on PostgreSQL loads no MySQL or DuckDB driver.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  ChinookLoadError,
  DatasetError,
  loadChinookPostgres,
  locateChinookMysql,
} from '@nl2sql/datasets';
import { type Datasource, DatasourceError } from '@nl2sql/datasource';
import { openPostgresDatabase, withoutPasswords } from '../datasources/open-postgres.js';
import { configError } from '../evaluate-error.js';

/** A database to check against, and how to let it go. */
export interface CrossCheckTarget {
  datasource: Datasource;
  close(): Promise<void>;
}

/** What was asked for one engine: the user's database, or one made for Chinook. */
export interface TargetRequest {
  /** `--postgres URL`, `--mysql URL`, `--duckdb PATH`; undefined: make one for Chinook. */
  given: string | undefined;
  /** The verified Chinook SQLite file (what a made database is filled from). */
  chinookFile: string;
  /** The opened SQLite datasource (the DuckDB copy is written from it). */
  sqlite: Datasource;
  say: (line: string) => void;
}

const asConfigError = (error: unknown, hint: string, urls: readonly string[] = []): never => {
  if (
    error instanceof DatasourceError ||
    error instanceof ChinookLoadError ||
    error instanceof DatasetError
  ) {
    throw configError(`${withoutPasswords(error.message, urls)}${hint}`);
  }
  throw error;
};

export async function postgresTarget(request: TargetRequest): Promise<CrossCheckTarget> {
  if (request.given !== undefined) {
    const datasource = await openPostgresDatabase(request.given, '--postgres');
    return { datasource, close: () => datasource.close() };
  }
  request.say(
    'nl2sql: starting an embedded PostgreSQL with Chinook (give --postgres URL to use yours)',
  );
  const { startEmbeddedPostgres } = await import('@nl2sql/datasource-postgres');
  const server = await startEmbeddedPostgres().catch((e: unknown) =>
    asConfigError(e, ' (or give --postgres URL)'),
  );
  try {
    const { url } = await loadChinookPostgres(server.url(), {
      database: 'chinook',
      locate: { dataDir: resolve(request.chinookFile, '..'), download: false },
    });
    const datasource = await openPostgresDatabase(url, 'embedded PostgreSQL:');
    return {
      datasource,
      close: async () => {
        await datasource.close();
        await server.stop();
      },
    };
  } catch (error) {
    await server.stop();
    return asConfigError(error, '');
  }
}

export async function mysqlTarget(request: TargetRequest): Promise<CrossCheckTarget> {
  const { openMysql, startMariadb, loadChinookMysql } = await import('@nl2sql/datasource-mysql');
  if (request.given !== undefined) {
    const url = request.given;
    const datasource = await openMysql(url).catch((e: unknown) => asConfigError(e, '', [url]));
    return { datasource, close: () => datasource.close() };
  }
  request.say('nl2sql: starting a private MariaDB with Chinook (give --mysql URL to use yours)');
  const server = await startMariadb().catch((e: unknown) =>
    asConfigError(e, ' (or give --mysql URL)'),
  );
  try {
    const script = await locateChinookMysql({
      dataDir: resolve(request.chinookFile, '..'),
      download: false,
    });
    const loaded = await loadChinookMysql(server.url(), { script, database: 'chinook' });
    const datasource = await openMysql(loaded.url);
    return {
      datasource,
      close: async () => {
        await datasource.close();
        await server.stop();
      },
    };
  } catch (error) {
    await server.stop();
    return asConfigError(error, '', [server.url()]);
  }
}

export async function duckdbTarget(request: TargetRequest): Promise<CrossCheckTarget> {
  const { DuckdbCopyError, openDuckdb, writeDuckdbCopy } = await import(
    '@nl2sql/datasource-duckdb'
  );
  if (request.given !== undefined) {
    const path = request.given;
    const datasource = await openDuckdb(path).catch((e: unknown) => asConfigError(e, ''));
    return { datasource, close: () => datasource.close() };
  }
  request.say('nl2sql: copying Chinook into a DuckDB file (give --duckdb PATH to use yours)');
  const dir = await mkdtemp(join(tmpdir(), 'nl2sql-duckdb-'));
  try {
    const file = join(dir, 'chinook.duckdb');
    await writeDuckdbCopy(request.sqlite, file);
    const datasource = await openDuckdb(file);
    return {
      datasource,
      close: async () => {
        await datasource.close();
        await rm(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    if (error instanceof DuckdbCopyError) throw configError(error.message);
    return asConfigError(error, '');
  }
}
