import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  CHINOOK_SUITE_PATH,
  ChinookLoadError,
  DatasetError,
  loadChinookPostgres,
  locateChinook,
} from '@nl2sql/datasets';
import { type Datasource, DatasourceError } from '@nl2sql/datasource';
import { type CrossCheckCase, crossCheckSuite, DIFFERENCE_REASONS } from '@nl2sql/suite';
import { configError, usageError } from '../cli-error.js';
import type { CommandRun } from '../command.js';
import { suiteMaxBytes } from '../commands/suite-size-option.js';
import { loadRunSuite } from '../eval/run-suite-file.js';
import { EXIT } from '../exit-codes.js';
import { openDatabase } from '../open-database.js';
import { openPostgresDatabase } from '../open-postgres.js';

/** A PostgreSQL database to check against, and how to let it go. */
interface PostgresTarget {
  datasource: Datasource;
  close(): Promise<void>;
}

/** An embedded server with Chinook loaded, for the Chinook suite without --postgres. */
async function embeddedChinook(chinookFile: string): Promise<PostgresTarget> {
  const { startEmbeddedPostgres } = await import('@nl2sql/datasource-postgres');
  let server: Awaited<ReturnType<typeof startEmbeddedPostgres>>;
  try {
    server = await startEmbeddedPostgres();
  } catch (error) {
    if (error instanceof DatasourceError)
      throw configError(`${error.message} (or give --postgres URL)`);
    throw error;
  }
  try {
    const { url } = await loadChinookPostgres(server.url(), {
      database: 'chinook',
      locate: { dataDir: resolve(chinookFile, '..'), download: false },
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
    if (error instanceof ChinookLoadError || error instanceof DatasetError)
      throw configError(error.message);
    throw error;
  }
}

function line(result: CrossCheckCase): string {
  const how = result.sqlSource === 'by_engine' ? 'its own PostgreSQL SQL' : 'transpiled';
  const what = result.problem ?? DIFFERENCE_REASONS[result.difference];
  return `${result.ok ? 'ok  ' : 'FAIL'} ${result.id} (${how}): ${what}`;
}

/** `nl2sql suite cross-check [PATH]`; options are described in commands/suite-cross-check.ts. */
export const runSuiteCrossCheck: CommandRun = async ({ flags, positionals }, io) => {
  // --snapshots: the golds on evals.yaml's snapshots instead of PostgreSQL.
  if (flags.snapshots === true) {
    const { runSuiteCrossCheckSnapshots } = await import('./suite-cross-check-snapshots.js');
    return runSuiteCrossCheckSnapshots({ flags, positionals }, io);
  }
  if (flags.config !== undefined) throw usageError('--config is read with --snapshots');
  const path = resolve(io.cwd, positionals[0] ?? CHINOOK_SUITE_PATH);
  if (!existsSync(path)) throw configError(`${path}: no such file`);
  const isChinook = path === resolve(CHINOOK_SUITE_PATH);
  const suite = await loadRunSuite(path, suiteMaxBytes(flags['max-suite-mb']));
  if (!isChinook && (typeof flags.db !== 'string' || typeof flags.postgres !== 'string')) {
    throw usageError('a suite other than Chinook needs its databases: --db PATH --postgres URL');
  }
  let dbPath: string;
  try {
    dbPath = typeof flags.db === 'string' ? resolve(io.cwd, flags.db) : await locateChinook();
  } catch (error) {
    if (error instanceof DatasetError) throw configError(error.message);
    throw error;
  }
  const sqlite = await openDatabase(dbPath);
  let postgres: PostgresTarget | undefined;
  try {
    if (typeof flags.postgres === 'string') {
      const datasource = await openPostgresDatabase(flags.postgres, '--postgres');
      postgres = { datasource, close: () => datasource.close() };
    } else {
      io.err(
        'nl2sql: starting an embedded PostgreSQL with Chinook (give --postgres URL to use yours)',
      );
      postgres = await embeddedChinook(dbPath);
    }
    const report = await crossCheckSuite(suite, {
      sqlite,
      postgres: postgres.datasource,
      ...(flags.json
        ? {}
        : {
            onCase: (result) => {
              if (!result.ok || result.difference !== 'same') io.out(line(result));
            },
          }),
    });
    if (flags.json) {
      io.out(JSON.stringify(report, null, 2));
    } else {
      const count = (test: (c: CrossCheckCase) => boolean) => report.cases.filter(test).length;
      io.out(
        `${report.cases.length} cases: ${count((c) => c.difference === 'same')} same, ${count((c) => c.ok && c.difference !== 'same' && !c.recorded)} tolerated, ${count((c) => c.ok && c.recorded)} recorded in rows_by_engine, ${report.findings} to fix`,
      );
    }
    return report.findings > 0 ? EXIT.failed : EXIT.ok;
  } finally {
    await postgres?.close();
    await sqlite.close();
  }
};
