// `checkSql()`: `nl2sql check SQL` as a function: the static checks a generated query must
// pass before it may reach a database (L1 syntax, L2 schema, L3 safety), with the options
// first, then the project's `checks:` (evals.yaml), then sqlcheck's defaults.

import { resolve } from 'node:path';
import { type CheckReport, runChecks, UnsupportedDialectError } from '@nl2sql/sqlcheck';
import { checkOptions } from '../check-options.js';
import { CHECK_SQL_OPTIONS, type CheckSqlOptions } from '../commands/command-options.js';
import { usageError } from '../evaluate-error.js';
import { EXIT, type ExitCode } from '../exit-codes.js';
import { type Io, processIo } from '../io.js';
import { loadProjectFile, projectFile } from '../project/open-project.js';
import { listFlag } from '../run/list-flag.js';
import { checkReportText } from './check-report-text.js';
import { introspectDb, readSchemaFile } from './schema-file.js';

export interface CheckSqlResult {
  /** 0 when every check passed, 1 when one failed. */
  exitCode: ExitCode;
  report: CheckReport;
}

/** Checks `options.sql`; prints the report (or its JSON) on `io.out`. */
export async function checkSql(
  options: CheckSqlOptions,
  io: Io = processIo(),
): Promise<CheckSqlResult> {
  checkOptions(CHECK_SQL_OPTIONS, options, 'checkSql');
  if (options.schema && options.db) throw usageError('give --schema or --db, not both');
  const file = projectFile(options, io.cwd);
  const project = file === undefined ? {} : ((await loadProjectFile(file, io.env)).checks ?? {});
  const maxLimit = options.maxLimit ?? project.maxLimit;
  const maxSqlBytes = options.maxSqlBytes ?? project.maxSqlBytes;
  const requireLimit =
    options.requireLimit === undefined
      ? project.requireLimit
      : options.requireLimit === true || options.requireLimit === 'true';
  const functions = [...(project.allowedFunctions ?? []), ...(listFlag(options.function) ?? [])];
  // Files are named relative to the working directory, as in every other command.
  const schema =
    options.schema !== undefined
      ? readSchemaFile(resolve(io.cwd, options.schema))
      : options.db !== undefined
        ? await introspectDb(resolve(io.cwd, options.db))
        : undefined;
  const tables = listFlag(options.table);
  let report: CheckReport;
  try {
    report = await runChecks(options.sql, {
      dialect: options.dialect ?? 'sqlite',
      ...(schema ? { schema } : {}),
      ...(maxLimit !== undefined ? { maxLimit } : {}),
      ...(maxSqlBytes !== undefined ? { maxSqlBytes } : {}),
      ...(requireLimit !== undefined ? { requireLimit } : {}),
      ...(functions.length > 0 ? { allowedFunctions: functions } : {}),
      ...(tables ? { allowedTables: tables } : {}),
    });
  } catch (error) {
    if (error instanceof UnsupportedDialectError) throw usageError(error.message);
    throw error;
  }
  io.out(options.json ? JSON.stringify(report, null, 2) : checkReportText(report));
  return { exitCode: report.pass ? EXIT.ok : EXIT.failed, report };
}
