// `suite cross-check --snapshots`: every approved case's gold on each snapshot evals.yaml
// names for its datasource, classified (differs from the pinned rows, same, empty, fails
// there), with the rows the case records for it checked (rows_by_snapshot). Exit 1 on a
// finding (missing or stale rows, a gold that fails on a snapshot).

import { existsSync } from 'node:fs';
import { checkSnapshots, type SnapshotCheckReport } from '@nl2sql/suite';
import type { CrossCheckSuiteOptions } from '../commands/command-options.js';
import { configError, usageError } from '../evaluate-error.js';
import { EXIT, type ExitCode } from '../exit-codes.js';
import type { Io } from '../io.js';
import { loadProjectFile, projectFile } from '../project/open-project.js';
import { openDatasources } from '../project/project-datasources.js';
import { openSnapshots } from '../project/project-snapshots.js';
import { chooseSuite } from '../project/project-suite.js';
import { suiteMaxBytes } from '../project/suite-size.js';
import { loadRunSuite } from '../run/run-suite-file.js';
import { snapshotLine, snapshotSummary } from './cross-check-lines.js';

export interface SnapshotCrossCheck {
  kind: 'snapshots';
  exitCode: ExitCode;
  report: SnapshotCheckReport;
}

/** The snapshot check of `options` (already checked by crossCheckSuite). */
export async function crossCheckSnapshots(
  options: CrossCheckSuiteOptions,
  io: Io,
): Promise<SnapshotCrossCheck> {
  const engineFlags = ['db', 'postgres', 'mysql', 'duckdb', 'engine'] as const;
  const given = engineFlags.find((name) => options[name] !== undefined);
  if (given !== undefined)
    throw usageError(
      `--snapshots checks evals.yaml's snapshots against its datasources: not with --${given}`,
    );
  const file = projectFile(options, io.cwd);
  if (file === undefined)
    throw usageError(
      "--snapshots reads the snapshots of evals.yaml's datasources: give --config FILE or run where evals.yaml is",
    );
  const project = await loadProjectFile(file, io.env);
  const { path } = chooseSuite(project, options.suite, io.cwd, 'the suite (a NAME or PATH)');
  if (!existsSync(path)) throw configError(`${path}: no such file`);
  const suite = await loadRunSuite(path, suiteMaxBytes(options.maxSuiteMb));
  const datasources = await openDatasources(project);
  try {
    const snapshots = await openSnapshots(project, datasources.byId);
    try {
      if (snapshots.map.size === 0)
        throw configError(`${file}: no datasource names snapshots (datasources.ID.snapshots)`);
      const report = await checkSnapshots(suite, {
        snapshots: snapshots.map,
        ...(options.json ? {} : { onCheck: (check) => io.out(snapshotLine(check)) }),
      });
      io.out(options.json ? JSON.stringify(report, null, 2) : snapshotSummary(report));
      return { kind: 'snapshots', exitCode: report.findings > 0 ? EXIT.failed : EXIT.ok, report };
    } finally {
      await snapshots.close();
    }
  } finally {
    await datasources.close();
  }
}
