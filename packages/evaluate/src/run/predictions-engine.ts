// `nl2sql eval run --predictions FILE`: a file of answers scored as an engine outside this
// project. Its "engine" answers each case run with the SQL the file holds for the case (and
// role): status success, no rows, so the harness runs the SQL as the case's role on the
// case's datasource like any external engine's (decisions/harness-executes-engine-sql.md).
// Candidate i of a case answers pass i. A case run the file has nothing for is an error
// answer, NO_PREDICTION: a failed case run, never a skipped one
// (decisions/prediction-files.md).

import { resolve } from 'node:path';
import {
  type AskOptions,
  type AskRequest,
  type AskResponse,
  type Engine,
  errorAnswer,
} from '@nl2sql/engine';
import type { EvalConfig } from '@nl2sql/runner';
import {
  type EvalSuite,
  type PredictionSet,
  PredictionsFileError,
  pairPredictions,
  readPredictions,
} from '@nl2sql/suite';
import { configError, usageError } from '../evaluate-error.js';
import type { EvaluateOptions } from '../evaluate-options.js';
import { optionOf } from '../option-name.js';

/** The error code of a case run the file has no prediction for. */
export const NO_PREDICTION = 'NO_PREDICTION';

/** The name of the file, which boards and records call the engine by. */
const fileName = (file: string): string => file.split(/[\\/]/).pop() ?? file;

/**
 * An Engine whose answers are a predictions file's, looked up by case id, role and pass.
 * It describes itself as `name` (default the file's name), version `sha256:<digest>`.
 */
export function predictionsEngine(set: PredictionSet, name = fileName(set.file)): Engine {
  return {
    async ask(request: AskRequest, options?: AskOptions): Promise<AskResponse> {
      if (options?.caseId === undefined)
        return errorAnswer(
          'INVALID_REQUEST',
          'a predictions file answers by case id, and the caller did not say which case it asks',
        );
      const role = request.role === '' ? null : request.role;
      const asked = `case ${options.caseId}${role === null ? '' : ` as role ${role}`}`;
      const prediction = set.lookup(options.caseId, role);
      if (prediction === null)
        return errorAnswer(NO_PREDICTION, `${set.file} has no prediction for ${asked}`);
      const pass = options.pass ?? 1;
      const candidate = prediction.candidates[pass - 1];
      if (candidate === undefined)
        return errorAnswer(
          NO_PREDICTION,
          `${set.file}:${prediction.line}: ${prediction.candidates.length} candidate(s) for ${asked}, none for candidate ${pass} of ${set.k}`,
        );
      return {
        status: 'success',
        sql: candidate.sql,
        results: [],
        answer: candidate.answer,
        error: null,
        usage: [],
        trace: {},
      };
    },
    async describe() {
      // Records of kind engine name the file and its digest: another file is another engine.
      return {
        name,
        version: `sha256:${set.digest}`,
        settings: { predictions: { layout: set.layout, candidates: set.k, cases: set.cases } },
      };
    },
  };
}

/**
 * Reads `--predictions FILE` (from the working directory) and matches it to the run's suite.
 * A file that is not what it claims, or names what the suite does not have, is refused whole
 * with every located problem (exit 3), before any database is opened.
 */
export async function loadPredictions(
  path: string,
  cwd: string,
  suite: EvalSuite,
): Promise<PredictionSet> {
  try {
    return pairPredictions(await readPredictions(resolve(cwd, path), { file: path }), suite);
  } catch (error) {
    if (error instanceof PredictionsFileError)
      throw configError(`--predictions: ${error.message}`, error);
    throw error;
  }
}

/** The runner's config for a predictions file: an external engine whose SQL the harness runs. */
export function predictionsConfig(set: PredictionSet, cwd: string, name?: string): EvalConfig {
  return {
    name: name ?? fileName(set.file),
    // --name names the engine too: a baseline is the newest record of the same engine name,
    // so answers.v2.jsonl is gated against answers.v1.jsonl under one name.
    engine: predictionsEngine(set, name),
    external: true,
    endpoint: `file://${resolve(cwd, set.file)}`,
  };
}

/**
 * The options a predictions run refuses (exit 2): it has no engine to choose or configure, and
 * its passes are the file's candidates. Needs no file, so it is checked first.
 */
export function checkPredictionFlags(mode: string, options: EvaluateOptions): void {
  const refused: Array<[string, string]> = [
    ['engine', 'the file is the answers: give --engine or --predictions, not both'],
    ['passes', 'the passes of a predictions run are its candidates (k predictions per case)'],
    ['llm', 'a predictions file makes no LLM call'],
    ['top-k', "--top-k sets the reference engine's retriever; a predictions file has none"],
    ['ask-timeout', 'a predictions file answers at once'],
  ];
  for (const [flag, why] of refused)
    if (optionOf(options, flag) !== undefined)
      throw usageError(`--${flag} with --predictions: ${why}`);
  if (mode === 'retrieval')
    throw usageError(
      '--predictions scores SQL: mode retrieval scores schema selections, which a predictions file has none of',
    );
}
