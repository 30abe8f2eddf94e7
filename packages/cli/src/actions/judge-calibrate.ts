import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { CHINOOK_CALIBRATION_PATH, DatasetError, locateChinook } from '@nl2sql/datasets';
import { buildJudge, openDatabase } from '@nl2sql/evaluate';
import {
  CalibrationSetError,
  calibrate,
  formatCalibrationRecord,
  type LoadedCalibrationSet,
  loadCalibrationSet,
  type RateInterval,
} from '@nl2sql/judge';
import { configError, usageError } from '../cli-error.js';
import type { CommandRun } from '../command.js';
import { redactingIo, runRedactor } from '../eval/run-secrets.js';
import { EXIT } from '../exit-codes.js';
import { checkOutputPath } from '../reporters/output-file.js';

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

function rateLine(name: string, r: RateInterval): string {
  return `${name} ${r.k}/${r.n}  ${r.estimate.toFixed(3)}  (Wilson ${Math.round(r.level * 100)}% ${pct(r.lower)}-${pct(r.upper)})`;
}

/** `nl2sql judge calibrate`; options are described in commands/judge-calibrate.ts. */
export const runJudgeCalibrate: CommandRun = async ({ flags }, rawIo) => {
  const redactor = runRedactor(rawIo.env);
  const io = redactingIo(rawIo, redactor);
  if (typeof flags.llm !== 'string') throw usageError('judge calibrate needs --llm CONFIG');
  const labels =
    typeof flags.labels === 'string' ? resolve(io.cwd, flags.labels) : CHINOOK_CALIBRATION_PATH;
  const out = resolve(io.cwd, typeof flags.out === 'string' ? flags.out : 'judge-calibration.json');
  checkOutputPath(out, '--out');
  // What needs no database first (decisions/eval-run-checks-before-data.md): the labelled
  // pairs and the judge's LLM config are reported whether or not the database can be found.
  let labelled: LoadedCalibrationSet;
  try {
    labelled = await loadCalibrationSet(labels);
  } catch (error) {
    if (error instanceof CalibrationSetError) throw configError(error.message);
    throw error;
  }
  const built = await buildJudge(flags.llm, '--llm', io.env, io.cwd, redactor);
  let datasource: Awaited<ReturnType<typeof openDatabase>>;
  try {
    const dbPath = typeof flags.db === 'string' ? resolve(io.cwd, flags.db) : await locateChinook();
    datasource = await openDatabase(dbPath);
  } catch (error) {
    await built.close();
    if (error instanceof DatasetError) throw configError(error.message);
    throw error;
  }
  try {
    const report = await calibrate(labelled, built.judge, {
      date: new Date().toISOString().slice(0, 10),
      schema: await datasource.introspect({ rowCounts: false }),
      database: datasource,
      ...(typeof flags.concurrency === 'number' ? { concurrency: flags.concurrency } : {}),
      onPair: (_outcome, done, total) => {
        if (done === total || done % 25 === 0) io.err(`[${done}/${total}] pairs judged`);
      },
    });
    const r = report.record;
    await writeFile(out, redactor.redact(formatCalibrationRecord(r)));
    io.out(
      [
        `judge ${r.judge.provider}:${r.judge.model} (prompt ${r.judge.promptVersion}) on ${r.labels.name} (${r.labels.pairs} pairs: ${r.labels.equivalent} equivalent, ${r.labels.notEquivalent} not)`,
        rateLine('TPR', r.tpr),
        rateLine('TNR', r.tnr),
        `errors ${r.counts.errors}; cost $${r.costUsd.toFixed(4)}`,
        report.passed
          ? `PASS: the judge may be used by eval run --judge (record ${out})`
          : `FAIL: ${report.failures.join('; ')} (record ${out})`,
      ].join('\n'),
    );
    return report.passed ? EXIT.ok : EXIT.failed;
  } catch (error) {
    if (error instanceof CalibrationSetError) throw configError(error.message);
    throw error;
  } finally {
    await built.close();
    await datasource.close();
  }
};
