import { existsSync } from 'node:fs';
import { loadProjectFile, loadRunSuite, openSnapshots, projectFile } from '@nl2sql/evaluate';
import { checkSnapshots, SNAPSHOT_CLASS_REASONS, type SnapshotCheck } from '@nl2sql/suite';
import { configError, usageError } from '../cli-error.js';
import type { CommandRun } from '../command.js';
import { suiteMaxBytes } from '../commands/suite-size-option.js';
import { EXIT } from '../exit-codes.js';
import { openDatasources } from '../project/project-datasources.js';
import { chooseSuite } from '../project/project-suite.js';

function line(check: SnapshotCheck): string {
  const what = check.problem ?? SNAPSHOT_CLASS_REASONS[check.class];
  return `${check.ok ? 'ok  ' : 'FAIL'} ${check.id} on ${check.datasource}/${check.snapshot} (${check.class}): ${what}`;
}

/**
 * `nl2sql suite cross-check --snapshots [PATH]`: every approved case's gold on each snapshot
 * evals.yaml names for its datasource, classified (differs from the pinned rows, same, empty,
 * fails there), with the rows the case records for it checked (rows_by_snapshot). Exit 1 on a
 * finding (missing or stale rows, a gold that fails on a snapshot).
 */
export const runSuiteCrossCheckSnapshots: CommandRun = async ({ flags, positionals }, io) => {
  const engineFlags = ['db', 'postgres', 'mysql', 'duckdb', 'engine'] as const;
  const given = engineFlags.find((name) => flags[name] !== undefined);
  if (given !== undefined)
    throw usageError(
      `--snapshots checks evals.yaml's snapshots against its datasources: not with --${given}`,
    );
  const file = projectFile(flags, io.cwd);
  if (file === undefined)
    throw usageError(
      "--snapshots reads the snapshots of evals.yaml's datasources: give --config FILE or run where evals.yaml is",
    );
  const project = await loadProjectFile(file, io.env);
  const { path } = chooseSuite(project, positionals[0], io.cwd, 'the suite (a NAME or PATH)');
  if (!existsSync(path)) throw configError(`${path}: no such file`);
  const suite = await loadRunSuite(path, suiteMaxBytes(flags['max-suite-mb']));
  const datasources = await openDatasources(project);
  try {
    const snapshots = await openSnapshots(project, datasources.byId);
    try {
      if (snapshots.map.size === 0)
        throw configError(`${file}: no datasource names snapshots (datasources.ID.snapshots)`);
      const report = await checkSnapshots(suite, {
        snapshots: snapshots.map,
        ...(flags.json ? {} : { onCheck: (check) => io.out(line(check)) }),
      });
      if (flags.json) {
        io.out(JSON.stringify(report, null, 2));
      } else {
        const count = (kind: SnapshotCheck['class']) =>
          report.checks.filter((c) => c.class === kind).length;
        io.out(
          `${report.checks.length} case-snapshot pairs: ${count('differs')} differ from the pinned rows, ${count('same')} same, ${count('empty')} empty, ${count('failed')} failed; ${report.findings} to fix`,
        );
      }
      return report.findings > 0 ? EXIT.failed : EXIT.ok;
    } finally {
      await snapshots.close();
    }
  } finally {
    await datasources.close();
  }
};
