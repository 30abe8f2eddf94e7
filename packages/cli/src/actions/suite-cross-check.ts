import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { CHINOOK_SUITE_PATH, DatasetError, locateChinook } from '@nl2sql/datasets';
import type { Datasource } from '@nl2sql/datasource';
import { loadRunSuite, openDatabase } from '@nl2sql/evaluate';
import {
  CROSS_CHECK_CLASSES,
  type CrossCheckCase,
  crossCheckSuite,
  DIFFERENCE_REASONS,
  type EngineCheck,
  OTHER_ENGINES,
  type OtherEngine,
} from '@nl2sql/suite';
import { configError, usageError } from '../cli-error.js';
import type { CommandRun } from '../command.js';
import { suiteMaxBytes } from '../commands/suite-size-option.js';
import {
  type CrossCheckTarget,
  duckdbTarget,
  mysqlTarget,
  postgresTarget,
  type TargetRequest,
} from '../cross-check-targets.js';
import { EXIT } from '../exit-codes.js';

const OPEN: Record<OtherEngine, (request: TargetRequest) => Promise<CrossCheckTarget>> = {
  postgres: postgresTarget,
  mysql: mysqlTarget,
  duckdb: duckdbTarget,
};

/** The engines to check: `--engine` names them; a URL or path flag adds its own engine. */
function enginesOf(flags: Record<string, unknown>): OtherEngine[] {
  const named = Array.isArray(flags.engine) ? flags.engine.map(String) : [];
  const chosen = new Set<string>(named.includes('all') ? OTHER_ENGINES : named);
  for (const engine of OTHER_ENGINES) if (typeof flags[engine] === 'string') chosen.add(engine);
  // Without any, PostgreSQL: what `suite cross-check` compared before it knew more engines.
  if (chosen.size === 0) chosen.add('postgres');
  return OTHER_ENGINES.filter((e) => chosen.has(e));
}

function engineLine(id: string, check: EngineCheck): string {
  const how = check.sqlSource === 'by_engine' ? `its own ${check.engine} SQL` : 'transpiled';
  const what = check.problem ?? DIFFERENCE_REASONS[check.difference];
  return `${check.ok ? 'ok  ' : 'FAIL'} ${id} ${check.engine} (${how}): ${what}`;
}

/** One line per case: its class over every engine, then each engine's difference. */
function caseLine(result: CrossCheckCase): string {
  const engines = result.engines
    .map((e) => `${e.engine} ${e.failed ? 'fails' : e.difference}`)
    .join(', ');
  return `${result.classification.padEnd(20)} ${result.id}: ${engines}`;
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
  const engines = enginesOf(flags);
  // The suite is read first: a suite that cannot be read is named before anything else.
  const suite = await loadRunSuite(path, suiteMaxBytes(flags['max-suite-mb']));
  if (!isChinook) {
    const missing = engines.filter((e) => typeof flags[e] !== 'string');
    if (typeof flags.db !== 'string' || missing.length > 0) {
      const need = [
        '--db PATH',
        ...missing.map((e) => `--${e} ${e === 'duckdb' ? 'PATH' : 'URL'}`),
      ];
      throw usageError(`a suite other than Chinook needs its databases: ${need.join(' ')}`);
    }
  }
  let dbPath: string;
  try {
    dbPath = typeof flags.db === 'string' ? resolve(io.cwd, flags.db) : await locateChinook();
  } catch (error) {
    if (error instanceof DatasetError) throw configError(error.message);
    throw error;
  }
  const sqlite = await openDatabase(dbPath);
  const targets: CrossCheckTarget[] = [];
  try {
    const opened: Partial<Record<OtherEngine, Datasource>> = {};
    for (const engine of engines) {
      const given = flags[engine];
      const target = await OPEN[engine]({
        given:
          typeof given === 'string'
            ? engine === 'duckdb'
              ? resolve(io.cwd, given)
              : given
            : undefined,
        chinookFile: dbPath,
        sqlite,
        say: io.err,
      });
      targets.push(target);
      opened[engine] = target.datasource;
    }
    const report = await crossCheckSuite(suite, {
      sqlite,
      engines: opened,
      ...(flags.json
        ? {}
        : {
            onCase: (result) => {
              io.out(caseLine(result));
              for (const check of result.engines) {
                if (!check.ok || check.difference !== 'same')
                  io.out(`  ${engineLine(result.id, check)}`);
              }
            },
          }),
    });
    if (flags.json) {
      io.out(JSON.stringify(report, null, 2));
    } else {
      const count = (test: (c: CrossCheckCase) => boolean) => report.cases.filter(test).length;
      const classes = CROSS_CHECK_CLASSES.map(
        (k) => `${count((c) => c.classification === k)} ${k}`,
      ).join(', ');
      io.out(`${report.cases.length} cases on sqlite, ${report.engines.join(', ')}: ${classes}`);
      for (const engine of report.engines) {
        const checks = report.cases.map((c) => c.engines.find((e) => e.engine === engine)!);
        const n = (test: (e: EngineCheck) => boolean) => checks.filter(test).length;
        io.out(
          `${engine}: ${n((e) => e.difference === 'same' && !e.failed)} same, ${n((e) => e.ok && e.difference !== 'same' && !e.recorded)} tolerated, ${n((e) => e.ok && e.recorded)} recorded in rows_by_engine, ${n((e) => !e.ok)} to fix`,
        );
      }
    }
    return report.findings > 0 ? EXIT.failed : EXIT.ok;
  } finally {
    for (const target of targets.reverse()) await target.close();
    await sqlite.close();
  }
};
