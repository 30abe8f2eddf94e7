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

/**
 * The tests a run makes. A case run passes only when its status under the chosen score is
 * `pass`; a run that stopped early, or left case runs unrun, adds a failing test saying so,
 * and a run with no case run at all is one failing test: what did not run cannot pass.
 */
export function caseRunTests(
  evaluation: EvaluationLike,
  options: CaseRunTestsOptions = {},
): CaseRunTestGroup[] {
  const { stopped, configs } = asRunReport(evaluation);
  const score = options.score ?? 'strict';
  return configs.map((config) => {
    const runs = config.cases;
    const passes = Math.max(1, ...runs.map((run) => run.pass));
    const tests: CaseRunTest[] = runs.map((run) => ({
      name: testName(run, passes),
      failure: failure(run, score),
    }));
    const missing = config.plannedCases - config.completedCases;
    if (runs.length === 0 || missing > 0 || stopped !== null) {
      const why = stopped === null ? '' : ` (the run stopped: ${stopped})`;
      tests.push({
        name: 'every planned case run ran',
        failure:
          runs.length === 0 && missing <= 0
            ? `the run scored no case run${why}`
            : `${missing} of ${config.plannedCases} planned case runs did not run${why}`,
      });
    }
    return { name: configs.length === 1 ? null : config.config.name, tests };
  });
}

/** A saved report read as the runner's report: one shape for everything below. */
function asRunReport(evaluation: EvaluationLike): RunReportLike {
  if (!('format' in evaluation)) return evaluation;
  const { report } = evaluation;
  return {
    stopped: report.stopped,
    configs: report.configs.map((c) => ({
      config: c.config,
      plannedCases: c.planned_cases,
      completedCases: c.completed_cases,
      cases: c.cases.map((r) => ({
        caseId: r.case_id,
        role: r.role,
        pass: r.pass,
        status: r.status,
        lenientStatus: r.lenient_status,
        error: r.error,
        sql: r.sql,
        explanation: r.explanation,
      })),
    })),
  };
}

/** `chinook_001`, `chinook_001 as sales`, `chinook_001 as sales (pass 2)`. */
function testName(run: CaseResultLike, passes: number): string {
  const role = run.role === null ? '' : ` as ${run.role}`;
  return `${run.caseId}${role}${passes > 1 ? ` (pass ${run.pass})` : ''}`;
}

function failure(run: CaseResultLike, score: 'strict' | 'lenient'): string | null {
  const status = score === 'strict' ? run.status : run.lenientStatus;
  if (status === 'pass') return null;
  const other = score === 'strict' ? `lenient: ${run.lenientStatus}` : `strict: ${run.status}`;
  const lines = [`${score}: ${status} (${other})`];
  if (run.explanation) lines.push(`why: ${run.explanation}`);
  if (run.error) lines.push(`error: ${run.error.code}: ${run.error.message}`);
  lines.push(run.sql === null ? 'sql: (none)' : `sql: ${run.sql}`);
  return lines.join('\n');
}
