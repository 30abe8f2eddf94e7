// What `nl2sql eval run` evaluates beyond EX (issue 16), opened before the run: the schema and
// the suite's test suite of the one database the run's cases ask, a calibrated judge with
// --judge, and with --efficiency a timing connection and a plan explainer. Everything opened
// is closed with the run (setup.closers).

import { resolve } from 'node:path';
import { type CostBudget, openSqliteExplainer } from '@nl2sql/efficiency';
import {
  type CalibrationRecord,
  type LlmJudge,
  requireCalibratedJudge,
  UncalibratedJudgeError,
} from '@nl2sql/judge';
import type { Redactor } from '@nl2sql/llm';
import type { Project } from '@nl2sql/project';
import type { Mode } from '@nl2sql/records';
import type { EfficiencyOptions, EvaluationOptions } from '@nl2sql/runner';
import { openDatabase } from '../datasources/open-database.js';
import { configError, usageError } from '../evaluate-error.js';
import type { EvaluateOptions } from '../evaluate-options.js';
import type { Io } from '../io.js';
import { optionOf } from '../option-name.js';
import type { OpenDatasource } from '../project/datasource-limits.js';
import { buildJudge } from './judge-option.js';
import { openSuiteTestSuite, testSuiteBeside } from './open-suite-test-suite.js';
import type { RunSetup } from './run-setup.js';

/** The evaluation a run asks the runner for, and the judge that --judge opened (or null). */
export interface RunEvaluation {
  readonly evaluation: EvaluationOptions;
  readonly efficiency: EfficiencyOptions | null;
  readonly judge: { readonly judge: LlmJudge; readonly calibration: CalibrationRecord } | null;
}

/**
 * Opens the evaluation beyond EX of a run in `mode`. It reads the one database the run's
 * cases ask: its schema, and the suite's test suite when the suite has one beside it (not in
 * mode retrieval, nor with --skip-testsuite).
 */
export async function openEvaluation(
  mode: Mode,
  options: EvaluateOptions,
  setup: RunSetup,
  io: Io,
  redactor: Redactor,
): Promise<RunEvaluation> {
  const [only, ...more] = setup.caseDatasources.map(
    (id) => setup.datasources.byId.get(id) as OpenDatasource,
  );
  const single = only && more.length === 0 ? only : undefined;
  const schema = single ? await single.introspect({ rowCounts: false }) : undefined;
  const testSuite =
    mode === 'retrieval' || options.skipTestsuite === true || single?.file === undefined
      ? null
      : await openSuiteTestSuite(setup.suitePath, setup.suite, single.file, io);
  if (testSuite) setup.closers.push(() => testSuite.close());
  else if (mode !== 'retrieval' && options.skipTestsuite !== true && single?.file === undefined) {
    // A test suite is SQLite files: say why its rows are not on this board, never drop them silently.
    const beside = testSuiteBeside(setup.suitePath);
    if (beside !== null) {
      io.err(
        `test suite ${beside}: not used: its variant databases are SQLite files, and this run reads ${single ? `a ${single.engine} database` : 'several databases'}; test-suite accuracy is measured only on a single SQLite datasource`,
      );
    }
  }
  const judge =
    typeof options.judge === 'string' && mode !== 'retrieval'
      ? await openJudge(options, setup, io, redactor)
      : null;
  for (const name of ['budget-x', 'budget-max', 'max-over-budget']) {
    if (optionOf(options, name) !== undefined && options.efficiency !== true) {
      throw usageError(`--${name} needs --efficiency (the budget is on the plans it reads)`);
    }
  }
  const efficiency =
    options.efficiency === true && mode !== 'retrieval'
      ? await openEfficiency(setup, single, options)
      : null;
  return {
    evaluation: {
      ...(schema ? { schema } : {}),
      ...(testSuite ? { testSuite } : {}),
      ...(judge ? { judge } : {}),
    },
    efficiency,
    judge,
  };
}

/**
 * `--judge CONFIG`: the judge and its calibration record, which must be this judge's and pass
 * (`requireCalibratedJudge`); no record, another judge's or a failing one is exit 3.
 */
async function openJudge(
  options: EvaluateOptions,
  setup: RunSetup,
  io: Io,
  redactor: Redactor,
): Promise<{ judge: LlmJudge; calibration: CalibrationRecord }> {
  const built = await buildJudge(options.judge as string, '--judge', io.env, io.cwd, redactor);
  setup.closers.unshift(() => built.close());
  const file = resolve(
    io.cwd,
    typeof options.judgeCalibration === 'string'
      ? options.judgeCalibration
      : 'judge-calibration.json',
  );
  try {
    const calibration = await requireCalibratedJudge(file, built.judge);
    return { judge: built.judge, calibration };
  } catch (error) {
    if (error instanceof UncalibratedJudgeError)
      throw configError(`--judge: ${error.message} (record ${file})`);
    throw error;
  }
}

/** The efficiency budget (001 §7): a flag, else evals.yaml's run section, else 10x the gold. */
function efficiencyBudget(options: EvaluateOptions, run: Project['run']): CostBudget {
  const x = typeof options.budgetX === 'number' ? options.budgetX : run.budgetX;
  const max = typeof options.budgetMax === 'number' ? options.budgetMax : run.budgetMax;
  return { relative: x ?? DEFAULT_BUDGET_X, ...(max !== undefined ? { absolute: max } : {}) };
}

/** A correct prediction may cost up to this many times its gold (decisions/efficiency-budgets.md). */
const DEFAULT_BUDGET_X = 10;

/**
 * `--efficiency`: a connection of its own for the timings (both queries on it, nothing else
 * running there) and an explainer for the plans, closed with the run.
 */
async function openEfficiency(
  setup: RunSetup,
  database: OpenDatasource | undefined,
  options: EvaluateOptions,
): Promise<EfficiencyOptions> {
  const repeats = options.efficiencyRepeats;
  if (database?.file === undefined) {
    throw usageError(
      "--efficiency times queries on one SQLite database: the run's cases must all ask one",
    );
  }
  const timing = await openDatabase(database.file, '--db', { poolSize: 1 });
  setup.closers.push(() => timing.close());
  const explainer = await openSqliteExplainer(database.file);
  setup.closers.push(() => explainer.close());
  const { tables } = await database.introspect();
  return {
    datasource: timing,
    explainer,
    tables,
    repeats: typeof repeats === 'number' ? repeats : 5,
    budget: efficiencyBudget(options, setup.project.run),
  };
}
