import { resolve } from 'node:path';
import { CHINOOK_SUITE_PATH } from '@nl2sql/datasets';
import type { SqliteDatasource } from '@nl2sql/datasource-sqlite';
import { openDatabase } from '@nl2sql/evaluate';
import { ReportError, readSavedRun, writeReport } from '@nl2sql/report';
import { suiteFileDigest } from '@nl2sql/suite';
import { configError } from '../cli-error.js';
import type { CommandRun } from '../command.js';
import { EXIT } from '../exit-codes.js';
import type { Io } from '../io.js';
import { checkOutputPath } from '../reporters/output-file.js';

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

/** `nl2sql eval report SAVED... [--out FILE]`: see commands/eval-report.ts. */
export const runEvalReport: CommandRun = async ({ flags, positionals }, io) => {
  const saved = positionals.map((file) => resolve(io.cwd, file));
  const out = resolve(io.cwd, typeof flags.out === 'string' ? flags.out : 'report.html');
  checkOutputPath(out, '--out');
  const given = flags.suite === undefined ? [] : ([] as string[]).concat(flags.suite as string[]);
  let datasource: SqliteDatasource | undefined;
  try {
    const suites =
      given.length > 0
        ? given.map((file) => resolve(io.cwd, file))
        : await defaultSuites(saved, io);
    if (typeof flags.db === 'string') {
      // The saved runs before the database (decisions/eval-run-checks-before-data.md): a
      // missing or foreign one is reported whether or not --db opens. Without --suite,
      // defaultSuites has just read them.
      if (given.length > 0) for (const path of saved) readSavedRun(path);
      datasource = await openDatabase(resolve(io.cwd, flags.db));
    }
    const written = await writeReport({
      saved,
      suites,
      ...(typeof flags.records === 'string' ? { records: resolve(io.cwd, flags.records) } : {}),
      ...(datasource ? { datasource } : {}),
      ...(typeof flags.title === 'string' ? { title: flags.title } : {}),
      out,
    });
    io.out(`wrote ${written.path} (${written.caseRuns} case runs, ${written.bytes} bytes)`);
    return EXIT.ok;
  } catch (error) {
    if (error instanceof ReportError) throw configError(error.message);
    throw error;
  } finally {
    await datasource?.close();
  }
};
