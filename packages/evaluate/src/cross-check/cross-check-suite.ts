// `crossCheckSuite()`: `nl2sql suite cross-check` as a function. Every approved case's gold
// runs on SQLite and on each engine asked for (a database the caller names, or for the
// Chinook suite one made here and thrown away), and each difference is named; exit 1 when a
// case differs in a way it does not record. With `snapshots`, evals.yaml's snapshots instead.

import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { CHINOOK_SUITE_PATH } from '@nl2sql/datasets';
import type { Datasource } from '@nl2sql/datasource';
import {
  type CrossCheckReport,
  crossCheckSuite as crossCheckCases,
  OTHER_ENGINES,
  type OtherEngine,
} from '@nl2sql/suite';
import { checkOptions } from '../check-options.js';
import { CROSS_CHECK_OPTIONS, type CrossCheckSuiteOptions } from '../commands/command-options.js';
import { openDatabase } from '../datasources/open-database.js';
import { configError, usageError } from '../evaluate-error.js';
import { EXIT, type ExitCode } from '../exit-codes.js';
import { type Io, processIo } from '../io.js';
import { sqliteOrChinook } from '../project/sqlite-or-chinook.js';
import { suiteMaxBytes } from '../project/suite-size.js';
import { listFlag } from '../run/list-flag.js';
import { loadRunSuite } from '../run/run-suite-file.js';
import { caseLines, summaryLines } from './cross-check-lines.js';
import { crossCheckSnapshots, type SnapshotCrossCheck } from './cross-check-snapshots.js';
import {
  type CrossCheckTarget,
  duckdbTarget,
  mysqlTarget,
  postgresTarget,
  type TargetRequest,
} from './cross-check-targets.js';

export interface EngineCrossCheck {
  kind: 'engines';
  exitCode: ExitCode;
  report: CrossCheckReport;
}

/** The engine check's report, or with `snapshots` the snapshot check's. */
export type CrossCheckResult = EngineCrossCheck | SnapshotCrossCheck;

const OPEN: Record<OtherEngine, (request: TargetRequest) => Promise<CrossCheckTarget>> = {
  postgres: postgresTarget,
  mysql: mysqlTarget,
  duckdb: duckdbTarget,
};
const ENGINE_CHOICES = [...OTHER_ENGINES, 'all'];

/** The engines to check: `engine` names them; a URL or path option adds its own engine. */
function enginesOf(options: CrossCheckSuiteOptions): OtherEngine[] {
  const named = listFlag(options.engine) ?? [];
  const bad = named.find((e) => !ENGINE_CHOICES.includes(e));
  if (bad !== undefined)
    throw usageError(
      `--engine must be among ${ENGINE_CHOICES.join(', ')}, got ${JSON.stringify(bad)}`,
    );
  const chosen = new Set<string>(named.includes('all') ? OTHER_ENGINES : named);
  for (const engine of OTHER_ENGINES) if (typeof options[engine] === 'string') chosen.add(engine);
  // Without any, PostgreSQL: what `suite cross-check` compared before it knew more engines.
  if (chosen.size === 0) chosen.add('postgres');
  return OTHER_ENGINES.filter((e) => chosen.has(e));
}

/**
 * Cross-checks the suite `options` name (every option is a `suite cross-check` flag,
 * camelCased; its PATH is `suite`). Lines go to `io.out` as cases are checked (or the JSON
 * report at the end); a refusal is an EvaluateError (exit 2 or 3).
 */
export async function crossCheckSuite(
  options: CrossCheckSuiteOptions,
  io: Io = processIo(),
): Promise<CrossCheckResult> {
  checkOptions(CROSS_CHECK_OPTIONS, options, 'crossCheckSuite');
  if (options.snapshots === true) return crossCheckSnapshots(options, io);
  if (options.config !== undefined) throw usageError('--config is read with --snapshots');
  const path = resolve(io.cwd, options.suite ?? CHINOOK_SUITE_PATH);
  if (!existsSync(path)) throw configError(`${path}: no such file`);
  const isChinook = path === resolve(CHINOOK_SUITE_PATH);
  const engines = enginesOf(options);
  // The suite is read first: a suite that cannot be read is named before anything else.
  const suite = await loadRunSuite(path, suiteMaxBytes(options.maxSuiteMb));
  if (!isChinook) {
    const missing = engines.filter((e) => typeof options[e] !== 'string');
    if (typeof options.db !== 'string' || missing.length > 0) {
      const need = [
        '--db PATH',
        ...missing.map((e) => `--${e} ${e === 'duckdb' ? 'PATH' : 'URL'}`),
      ];
      throw usageError(`a suite other than Chinook needs its databases: ${need.join(' ')}`);
    }
  }
  const dbPath = await sqliteOrChinook(options.db, io.cwd);
  const sqlite = await openDatabase(dbPath);
  const targets: CrossCheckTarget[] = [];
  try {
    const opened: Partial<Record<OtherEngine, Datasource>> = {};
    for (const engine of engines) {
      const given = options[engine];
      const target = await OPEN[engine]({
        given: given !== undefined && engine === 'duckdb' ? resolve(io.cwd, given) : given,
        chinookFile: dbPath,
        sqlite,
        say: io.err,
      });
      targets.push(target);
      opened[engine] = target.datasource;
    }
    const report = await crossCheckCases(suite, {
      sqlite,
      engines: opened,
      ...(options.json
        ? {}
        : {
            onCase: (result) => {
              for (const line of caseLines(result)) io.out(line);
            },
          }),
    });
    if (options.json) io.out(JSON.stringify(report, null, 2));
    else for (const line of summaryLines(report)) io.out(line);
    return { kind: 'engines', exitCode: report.findings > 0 ? EXIT.failed : EXIT.ok, report };
  } finally {
    for (const target of targets.reverse()) await target.close();
    await sqlite.close();
  }
}
