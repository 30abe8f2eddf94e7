// What a finished run becomes in a test report: one named test per case run, each with the
// reason it failed. Read from the shapes a run leaves (the runner's report in memory, or the
// file `nl2sql eval run --save` writes), structurally, so this package installs neither.

/** A case run's verdict: `pass` only when it passed. */
export type CaseRunStatus = 'pass' | 'fail' | 'error';

/** A case run as `runEval` reports it (`RunReport.configs[].cases[]` of @nl2sql/runner). */
export interface CaseResultLike {
  readonly caseId: string;
  readonly role: string | null;
  readonly pass: number;
  readonly status: CaseRunStatus;
  readonly lenientStatus: CaseRunStatus;
  readonly error: { readonly code: string; readonly message: string } | null;
  readonly sql: string | null;
  readonly explanation: string | null;
}

/** A case run as a saved report writes it (`report.configs[].cases[]`). */
export interface ReportCaseRunLike {
  readonly case_id: string;
  readonly role: string | null;
  readonly pass: number;
  readonly status: CaseRunStatus;
  readonly lenient_status: CaseRunStatus;
  readonly error: { readonly code: string; readonly message: string } | null;
  readonly sql: string | null;
  readonly explanation: string | null;
}

/** The runner's `RunReport`, as far as the tests need it. */
export interface RunReportLike {
  readonly stopped: string | null;
  readonly configs: ReadonlyArray<{
    readonly config: { readonly name: string };
    readonly plannedCases: number;
    readonly completedCases: number;
    readonly cases: readonly CaseResultLike[];
  }>;
}

/** What `nl2sql eval run --save FILE` writes, as far as the tests need it. */
export interface SavedReportLike {
  readonly format: 'nl2sql-eval-report';
  readonly report: {
    readonly stopped: string | null;
    readonly configs: ReadonlyArray<{
      readonly config: { readonly name: string };
      readonly planned_cases: number;
      readonly completed_cases: number;
      readonly cases: readonly ReportCaseRunLike[];
    }>;
  };
}

export type EvaluationLike = RunReportLike | SavedReportLike;

export interface CaseRunTestsOptions {
  /** Which execution score a case run must pass: strict (the default) or lenient. */
  readonly score?: 'strict' | 'lenient';
}

/** One test: its name, and why it fails (null when the case run passed). */
export interface CaseRunTest {
  readonly name: string;
  readonly failure: string | null;
}

/** The tests of one config; `name` is null when the run had a single config. */
export interface CaseRunTestGroup {
  readonly name: string | null;
  readonly tests: readonly CaseRunTest[];
}

interface CaseRun {
  readonly id: string;
  readonly role: string | null;
  readonly pass: number;
  readonly strict: CaseRunStatus;
  readonly lenient: CaseRunStatus;
  readonly error: CaseResultLike['error'];
  readonly sql: string | null;
  readonly explanation: string | null;
}

interface ConfigRuns {
  readonly name: string;
  readonly planned: number;
  readonly completed: number;
  readonly runs: readonly CaseRun[];
}

/**
 * The tests a run makes. A case run passes only when its status under the chosen score is
 * `pass`; a run that stopped early, or left case runs unrun, adds a failing test saying so,
 * and a run with no case run at all is one failing test: what did not run cannot pass.
 */
export function caseRunTests(
  evaluation: EvaluationLike,
  options: CaseRunTestsOptions = {},
): CaseRunTestGroup[] {
  const { stopped, configs } = normalise(evaluation);
  const score = options.score ?? 'strict';
  return configs.map((config) => {
    const passes = Math.max(1, ...config.runs.map((run) => run.pass));
    const tests: CaseRunTest[] = config.runs.map((run) => ({
      name: testName(run, passes),
      failure: failure(run, score),
    }));
    const missing = config.planned - config.completed;
    if (config.runs.length === 0 || missing > 0 || stopped !== null) {
      const why = stopped === null ? '' : ` (the run stopped: ${stopped})`;
      tests.push({
        name: 'every planned case run ran',
        failure:
          config.runs.length === 0 && missing <= 0
            ? `the run scored no case run${why}`
            : `${missing} of ${config.planned} planned case runs did not run${why}`,
      });
    }
    return { name: configs.length === 1 ? null : config.name, tests };
  });
}

function normalise(evaluation: EvaluationLike): {
  stopped: string | null;
  configs: ConfigRuns[];
} {
  if ('format' in evaluation) {
    const { report } = evaluation;
    return {
      stopped: report.stopped,
      configs: report.configs.map((c) => ({
        name: c.config.name,
        planned: c.planned_cases,
        completed: c.completed_cases,
        runs: c.cases.map((r) => ({
          id: r.case_id,
          role: r.role,
          pass: r.pass,
          strict: r.status,
          lenient: r.lenient_status,
          error: r.error,
          sql: r.sql,
          explanation: r.explanation,
        })),
      })),
    };
  }
  return {
    stopped: evaluation.stopped,
    configs: evaluation.configs.map((c) => ({
      name: c.config.name,
      planned: c.plannedCases,
      completed: c.completedCases,
      runs: c.cases.map((r) => ({
        id: r.caseId,
        role: r.role,
        pass: r.pass,
        strict: r.status,
        lenient: r.lenientStatus,
        error: r.error,
        sql: r.sql,
        explanation: r.explanation,
      })),
    })),
  };
}

/** `chinook_001`, `chinook_001 as sales`, `chinook_001 as sales (pass 2)`. */
function testName(run: CaseRun, passes: number): string {
  const role = run.role === null ? '' : ` as ${run.role}`;
  return `${run.id}${role}${passes > 1 ? ` (pass ${run.pass})` : ''}`;
}

function failure(run: CaseRun, score: 'strict' | 'lenient'): string | null {
  const status = score === 'strict' ? run.strict : run.lenient;
  if (status === 'pass') return null;
  const other = score === 'strict' ? `lenient: ${run.lenient}` : `strict: ${run.strict}`;
  const lines = [`${score}: ${status} (${other})`];
  if (run.explanation) lines.push(`why: ${run.explanation}`);
  if (run.error) lines.push(`error: ${run.error.code}: ${run.error.message}`);
  lines.push(run.sql === null ? 'sql: (none)' : `sql: ${run.sql}`);
  return lines.join('\n');
}
