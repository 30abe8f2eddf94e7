// A suite's case runs as vitest tests, one each: run an evaluation while vitest collects the
// file (vitest awaits an async describe), then register a test per case run, so the report,
// `--reporter=junit` and a CI's test tab show which cases failed and why.
import { readFile } from 'node:fs/promises';
import { describe, test } from 'vitest';
import {
  type CaseRunTestsOptions,
  caseRunTests,
  type EvaluationLike,
  type SavedReportLike,
} from './case-run-tests.js';

/** What `describeEvaluation` scores: a run to start, or the path of a saved report. */
export type EvaluationSource = string | (() => EvaluationLike | Promise<EvaluationLike>);

/** Thrown by a failing case run's test: its message is the verdict, the reason and the SQL. */
export class CaseRunFailed extends Error {
  override readonly name = 'CaseRunFailed';
}

/**
 * Registers a describe block named `name` holding one test per case run of `source`: a
 * function returning the runner's report (e.g. `() => runEval({...})`), or the path of a
 * report `nl2sql eval run --save FILE` wrote. A run that throws, or a file that is not a saved
 * report, fails the test file rather than passing it empty.
 */
export function describeEvaluation(
  name: string,
  source: EvaluationSource,
  options: CaseRunTestsOptions = {},
): void {
  describe(name, async () => {
    const evaluation = typeof source === 'string' ? await readSavedReport(source) : await source();
    for (const group of caseRunTests(evaluation, options)) {
      const register = () => {
        for (const caseRun of group.tests)
          test(caseRun.name, () => {
            if (caseRun.failure !== null) throw new CaseRunFailed(caseRun.failure);
          });
      };
      if (group.name === null) register();
      else describe(group.name, register);
    }
  });
}

/** A saved report, refused with the file's name when it is not one (a shard's, a record). */
export async function readSavedReport(path: string): Promise<SavedReportLike> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    throw new TypeError(`${path}: cannot read a saved report: ${(error as Error).message}`);
  }
  const format = (parsed as { format?: unknown } | null)?.format;
  const configs = (parsed as { report?: { configs?: unknown } } | null)?.report?.configs;
  if (format !== 'nl2sql-eval-report' || !Array.isArray(configs)) {
    throw new TypeError(
      `${path}: not a report of \`nl2sql eval run --save\` (format ${JSON.stringify(format ?? null)}); a shard's save is read by \`nl2sql eval merge\` first`,
    );
  }
  return parsed as SavedReportLike;
}
