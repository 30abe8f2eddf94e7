// A run refuses at start when it needs a plugin it was not given (decisions/runner-passes.md):
// each guards a check or a figure the run would otherwise report without (the safety check
// before the harness runs an answer's SQL above all), so none is skipped in silence.
import type { Mode } from '@nl2sql/records';
import type { EvaluationOptions } from './evaluation-options.js';
import type {
  EfficiencyPass,
  JudgePass,
  RunnerPlugins,
  SqlAnalysis,
  TestSuitePass,
} from './plugins.js';
import { RunnerError } from './runner-error.js';

/** What each plugin is for, and the package that gives it (through @nl2sql/runner-plugins). */
const PLUGINS = {
  sql: 'the SQL parser: the safety check before the harness runs an answer, sql_checks, trajectory and scope checks, diagnostics; @nl2sql/sqlcheck',
  judge: 'the three-tier verdict cascade and its LLM judge; @nl2sql/judge',
  testSuite: 'test-suite accuracy; @nl2sql/testsuite',
  efficiency: 'VES, R-VES and query plans; @nl2sql/efficiency',
} as const;

/** The refusal of a run that needs `plugin` for `why`. */
export function missingPlugin(plugin: keyof typeof PLUGINS, why: string): RunnerError {
  return new RunnerError(
    'MISSING_PLUGIN',
    `${why} needs runEval's plugins.${plugin} (${PLUGINS[plugin]}); give plugins: await defaultPlugins() from @nl2sql/runner-plugins, or that package's own pass`,
  );
}

/** The SQL analysis, or the refusal naming the option. */
export function requireSql(plugins: RunnerPlugins | undefined, why: string): SqlAnalysis {
  if (plugins?.sql === undefined) throw missingPlugin('sql', why);
  return plugins.sql;
}

/** The plugins a run in `mode` with these options needs; throws MISSING_PLUGIN for the first absent. */
export function requirePlugins(
  mode: Mode,
  plugins: RunnerPlugins | undefined,
  options: {
    readonly evaluation?: EvaluationOptions | false;
    readonly efficiency?: unknown;
  },
): void {
  if (mode === 'retrieval') return;
  requireSql(plugins, `mode ${mode}`);
  if (options.evaluation !== false) requireJudge(plugins, 'the evaluation beyond EX');
  if (options.evaluation && options.evaluation.testSuite !== undefined)
    requireTestSuite(plugins, 'evaluation.testSuite');
  if (options.efficiency !== undefined && plugins?.efficiency === undefined)
    throw missingPlugin('efficiency', 'the efficiency option');
}

export function requireJudge(plugins: RunnerPlugins | undefined, why: string): JudgePass {
  if (plugins?.judge === undefined) throw missingPlugin('judge', why);
  return plugins.judge;
}

export function requireTestSuite(plugins: RunnerPlugins | undefined, why: string): TestSuitePass {
  if (plugins?.testSuite === undefined) throw missingPlugin('testSuite', why);
  return plugins.testSuite;
}

export function requireEfficiency(plugins: RunnerPlugins | undefined): EfficiencyPass {
  if (plugins?.efficiency === undefined) throw missingPlugin('efficiency', 'the efficiency option');
  return plugins.efficiency;
}

/**
 * The parser of a run given none (mode retrieval writes no SQL to check): any call refuses
 * with MISSING_PLUGIN, so a check is never skipped if a path reaches one after all.
 */
export function absentSql(mode: Mode): SqlAnalysis {
  const refuse = () => Promise.reject(missingPlugin('sql', `mode ${mode}`));
  return { checkSafety: refuse, runChecks: refuse, readSet: refuse, diagnoseCase: refuse };
}
