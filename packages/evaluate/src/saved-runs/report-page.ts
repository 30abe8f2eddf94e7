// `nl2sql eval report SAVED...` as a function: the self-contained HTML page of saved runs,
// with the suites' questions, gold SQL and (given the database) gold rows.

import { resolve } from 'node:path';
import { CHINOOK_SUITE_PATH } from '@nl2sql/datasets';
import type { SqliteDatasource } from '@nl2sql/datasource-sqlite';
import { ReportError, readSavedRun, writeReport } from '@nl2sql/report';
import { checkOutputPath } from '@nl2sql/reporters';
import { suiteFileDigest } from '@nl2sql/suite';
import { checkOptions } from '../check-options.js';
import { openDatabase } from '../datasources/open-database.js';
import { configError } from '../evaluate-error.js';
import { EXIT, type ExitCode } from '../exit-codes.js';
import { type Io, processIo } from '../io.js';
import { asEvaluateError } from '../reporting/reporter-error.js';
import { REPORT_PAGE_OPTIONS, type ReportPageOptions } from './records-options.js';

export interface ReportPageResult {
  readonly exitCode: ExitCode;
  /** The page written, its case runs and its size. */
  readonly path: string;
  readonly caseRuns: number;
  readonly bytes: number;
}

/**
 * The suites to match the runs against: those given, else the Chinook suite when every run
 * was scored on it. Runs on another suite get none (the page says what is missing), since
 * one run the Chinook suite does not match would refuse the whole page.
 */
async function defaultSuites(saved: readonly string[], io: Io): Promise<string[]> {
  const chinook = await suiteFileDigest(CHINOOK_SUITE_PATH);
  const others = saved.filter((path) => readSavedRun(path).dataset.digest !== chinook);
  if (others.length === 0) return [CHINOOK_SUITE_PATH];
  io.err(
    `nl2sql: ${others.join(', ')} ${others.length === 1 ? 'was' : 'were'} not scored on the Chinook suite; give --suite FILE to show questions, gold SQL and gold rows`,
  );
  return [];
}

/** Writes the HTML page of `options.saved`; refusals are EvaluateErrors (exit 2 or 3). */
export async function writeReportPage(
  options: ReportPageOptions,
  io: Io = processIo(),
): Promise<ReportPageResult> {
  checkOptions(REPORT_PAGE_OPTIONS, options, 'writeReportPage');
  const saved = options.saved.map((file) => resolve(io.cwd, file));
  const out = resolve(io.cwd, options.out ?? 'report.html');
  asEvaluateError(() => checkOutputPath(out, '--out'));
  const given = options.suite === undefined ? [] : ([] as string[]).concat(options.suite);
  let datasource: SqliteDatasource | undefined;
  try {
    const suites =
      given.length > 0
        ? given.map((file) => resolve(io.cwd, file))
        : await defaultSuites(saved, io);
    if (typeof options.db === 'string') {
      // The saved runs before the database (decisions/eval-run-checks-before-data.md): a
      // missing or foreign one is reported whether or not the database opens. Without a
      // suite given, defaultSuites has just read them.
      if (given.length > 0) for (const path of saved) readSavedRun(path);
      datasource = await openDatabase(resolve(io.cwd, options.db));
    }
    const written = await writeReport({
      saved,
      suites,
      ...(typeof options.records === 'string' ? { records: resolve(io.cwd, options.records) } : {}),
      ...(datasource ? { datasource } : {}),
      ...(typeof options.title === 'string' ? { title: options.title } : {}),
      out,
    });
    io.out(`wrote ${written.path} (${written.caseRuns} case runs, ${written.bytes} bytes)`);
    return {
      exitCode: EXIT.ok,
      path: written.path,
      caseRuns: written.caseRuns,
      bytes: written.bytes,
    };
  } catch (error) {
    if (error instanceof ReportError) throw configError(error.message);
    throw error;
  } finally {
    await datasource?.close();
  }
}
