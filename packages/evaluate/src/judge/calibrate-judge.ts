// `calibrateJudge()`: `nl2sql judge calibrate` as a function. The judge of an LLM config
// labels human-labelled pairs on the real database; its true positive and true negative
// rates (with Wilson intervals) are written as the calibration record `eval run --judge`
// requires, and exit 1 when they are under the thresholds.

import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { CHINOOK_CALIBRATION_PATH, DatasetError, locateChinook } from '@nl2sql/datasets';
import type { Datasource } from '@nl2sql/datasource';
import {
  type CalibrationReport,
  CalibrationSetError,
  calibrate,
  formatCalibrationRecord,
  type LoadedCalibrationSet,
  loadCalibrationSet,
  type RateInterval,
} from '@nl2sql/judge';
import { checkOutputPath } from '@nl2sql/reporters';
import { checkOptions } from '../check-options.js';
import {
  CALIBRATE_JUDGE_OPTIONS,
  type CalibrateJudgeOptions,
} from '../commands/command-options.js';
import { openDatabase } from '../datasources/open-database.js';
import { configError } from '../evaluate-error.js';
import { EXIT, type ExitCode } from '../exit-codes.js';
import { type Io, processIo } from '../io.js';
import { asEvaluateError } from '../reporting/reporter-error.js';
import { buildJudge } from '../run/judge-option.js';
import { redactingIo, runRedactor } from '../run/run-secrets.js';

export interface CalibrateJudgeResult {
  /** 0 when the judge passed its thresholds, 1 when not. */
  exitCode: ExitCode;
  /** The record written, whether it passed, and why not. */
  calibration: CalibrationReport;
  /** Where the record was written (absolute). */
  out: string;
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

function rateLine(name: string, r: RateInterval): string {
  return `${name} ${r.k}/${r.n}  ${r.estimate.toFixed(3)}  (Wilson ${Math.round(r.level * 100)}% ${pct(r.lower)}-${pct(r.upper)})`;
}

async function loadLabels(path: string): Promise<LoadedCalibrationSet> {
  try {
    return await loadCalibrationSet(path);
  } catch (error) {
    if (error instanceof CalibrationSetError) throw configError(error.message);
    throw error;
  }
}

async function openCalibrationDb(db: string | undefined, cwd: string): Promise<Datasource> {
  try {
    return await openDatabase(db !== undefined ? resolve(cwd, db) : await locateChinook());
  } catch (error) {
    if (error instanceof DatasetError) throw configError(error.message);
    throw error;
  }
}

function reportLines(calibration: CalibrationReport, out: string): string[] {
  const r = calibration.record;
  return [
    `judge ${r.judge.provider}:${r.judge.model} (prompt ${r.judge.promptVersion}) on ${r.labels.name} (${r.labels.pairs} pairs: ${r.labels.equivalent} equivalent, ${r.labels.notEquivalent} not)`,
    rateLine('TPR', r.tpr),
    rateLine('TNR', r.tnr),
    `errors ${r.counts.errors}; cost $${r.costUsd.toFixed(4)}`,
    calibration.passed
      ? `PASS: the judge may be used by eval run --judge (record ${out})`
      : `FAIL: ${calibration.failures.join('; ')} (record ${out})`,
  ];
}

/** Calibrates the judge of `options.llm`; progress on `io.err`, the rates on `io.out`. */
export async function calibrateJudge(
  options: CalibrateJudgeOptions,
  rawIo: Io = processIo(),
): Promise<CalibrateJudgeResult> {
  checkOptions(CALIBRATE_JUDGE_OPTIONS, options, 'calibrateJudge');
  // The LLM config's keys are masked in everything printed or written.
  const redactor = runRedactor(rawIo.env);
  const io = redactingIo(rawIo, redactor);
  const labels =
    options.labels !== undefined ? resolve(io.cwd, options.labels) : CHINOOK_CALIBRATION_PATH;
  const out = resolve(io.cwd, options.out ?? 'judge-calibration.json');
  asEvaluateError(() => checkOutputPath(out, '--out'));
  // What needs no database first (decisions/eval-run-checks-before-data.md): the labelled
  // pairs and the judge's LLM config are reported whether or not the database can be found.
  const labelled = await loadLabels(labels);
  const built = await buildJudge(options.llm, '--llm', io.env, io.cwd, redactor);
  let datasource: Datasource;
  try {
    datasource = await openCalibrationDb(options.db, io.cwd);
  } catch (error) {
    await built.close();
    throw error;
  }
  try {
    const calibration = await calibrate(labelled, built.judge, {
      date: new Date().toISOString().slice(0, 10),
      schema: await datasource.introspect({ rowCounts: false }),
      database: datasource,
      ...(options.concurrency !== undefined ? { concurrency: options.concurrency } : {}),
      onPair: (_outcome, done, total) => {
        if (done === total || done % 25 === 0) io.err(`[${done}/${total}] pairs judged`);
      },
    });
    await writeFile(out, redactor.redact(formatCalibrationRecord(calibration.record)));
    io.out(reportLines(calibration, out).join('\n'));
    return { exitCode: calibration.passed ? EXIT.ok : EXIT.failed, calibration, out };
  } catch (error) {
    if (error instanceof CalibrationSetError) throw configError(error.message);
    throw error;
  } finally {
    await built.close();
    await datasource.close();
  }
}
