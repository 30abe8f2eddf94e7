// Admission: the checks a suite passes before `eval run` asks its first case. A run that
// scores a suite it cannot score honestly (no gold rows, duplicate ids, a datasource it
// does not have, tables that are not what the SQL reads ...) reports passes that are not
// ones, so such a suite is refused with exit 3 and every finding, located. What needs no
// database (roles, gold rows present, lint rules that read no schema) is checked before the
// run looks for its databases (admitSuiteBeforeData), the rest once they are open.

import type { Mode } from '@nl2sql/records';
import {
  type AccessPolicy,
  assertScorable,
  type EvalSuite,
  formatLintFinding,
  isApproved,
  type LintFinding,
  type SuiteMode,
  UnscorableSuiteError,
} from '@nl2sql/suite';
import { configError, usageError } from '../evaluate-error.js';
import { type LintDatabase, lintOnDatasources } from './lint-datasources.js';

export interface AdmitOptions {
  /** The run's mode as lint knows it (see admissionMode). */
  mode: SuiteMode;
  /** The roles asked for with --roles, if any. */
  roles?: readonly string[] | undefined;
  /**
   * The databases the run asks, by the id cases name: each case is checked against the
   * schema of its own (and each gold sql's width there); a case naming another id is
   * `unknown-datasource`.
   */
  datasources: ReadonlyMap<string, LintDatabase>;
  /** The access policy the engine enforces, when the run knows it. */
  policy?: AccessPolicy;
  /**
   * The ids of the cases the run asks (--cases, --datasource), when it asks fewer than all:
   * only they are checked against the databases (decisions/admission-asked-cases.md).
   */
  cases?: readonly string[] | undefined;
}

/**
 * The lint mode of a run: an external engine (--engine) never sees a plan, so it is
 * admitted as mode engine; its retrieval run stays retrieval.
 */
export function admissionMode(mode: Mode, engine: boolean): SuiteMode {
  return engine && mode !== 'retrieval' ? 'engine' : mode;
}

/** The cases a run asks: only approved ones (a draft case without rows blocks nothing). */
const approvedOnly = (suite: EvalSuite): EvalSuite => ({
  ...suite,
  cases: suite.cases.filter(isApproved),
});

/**
 * The reference engine answers mode plans by replaying each case's gold plan. A suite whose
 * approved answerable cases have none (what `suite import` makes: question and SQL) is not a
 * suite with a hundred lint errors but a run with no engine named: said in one line (exit 3).
 * A suite where only some lack a plan is linted as usual (those are the suite's to fix).
 */
export function assertGoldPlans(suite: EvalSuite, mode: Mode): void {
  if (mode !== 'plans') return;
  const answerable = approvedOnly(suite).cases.filter((c) => c.sql !== undefined);
  if (answerable.length === 0 || answerable.some((c) => c.plan !== undefined)) return;
  throw configError(
    `suite ${suite.name}: no approved case has a gold plan (${answerable.length} answerable), and the reference engine answers mode plans only from gold plans; name the engine to evaluate: --engine NAME (one of evals.yaml's engines) or --engine URL, or set default_engine in evals.yaml`,
  );
}

/** A role no case lists is a typo on the command line, not a gap in the suite (exit 2). */
function checkRoles(suite: EvalSuite, roles: readonly string[] | undefined): void {
  const known = new Set(suite.cases.flatMap((c) => Object.keys(c.outcome)));
  for (const role of roles ?? [])
    if (!known.has(role))
      throw usageError(
        `--roles: role ${JSON.stringify(role)} is in no case's outcome map (roles: ${[...known].sort().join(', ')})`,
      );
}

/** Lint errors as one EvaluateError (exit 3), or nothing when there are none. */
function refuseLintErrors(suite: EvalSuite, mode: SuiteMode, findings: LintFinding[]): void {
  const errors = findings.filter((f) => f.severity === 'error');
  if (errors.length === 0) return;
  throw configError(
    [
      `suite ${suite.name}: ${errors.length} lint error(s) for mode ${mode}; a score on it could not be trusted:`,
      ...errors.map((f) => `  ${formatLintFinding(f)}`),
      `Fix them and check with \`nl2sql suite lint --mode ${mode}\`.`,
    ].join('\n'),
  );
}

/**
 * The checks that need no database, run before the run looks for one: roles, the scorable
 * checks and the lint rules that read no schema, each case's datasource checked against
 * `datasourceIds`. Throws an EvaluateError (exit 2 or 3) as admitSuite does.
 */
export async function admitSuiteBeforeData(
  suite: EvalSuite,
  options: Omit<AdmitOptions, 'datasources'> & { datasourceIds: readonly string[] },
): Promise<void> {
  const run = approvedOnly(suite);
  checkRoles(suite, options.roles);
  scorable(run, options);
  const findings = await lintOnDatasources(
    run,
    new Map(),
    {
      modes: [options.mode],
      ...(options.policy ? { policy: options.policy } : {}),
      ...(options.roles ? { roles: options.roles } : {}),
    },
    options.datasourceIds,
  );
  refuseLintErrors(suite, options.mode, findings);
}

function scorable(run: EvalSuite, options: Pick<AdmitOptions, 'mode' | 'roles'>): void {
  try {
    assertScorable(run, { mode: options.mode, ...(options.roles ? { roles: options.roles } : {}) });
  } catch (error) {
    if (error instanceof UnscorableSuiteError) throw configError(error.message);
    throw error;
  }
}

/** Throws an EvaluateError (exit 3) naming every reason the suite cannot be run in this mode. */
export async function admitSuite(suite: EvalSuite, options: AdmitOptions): Promise<void> {
  const run = approvedOnly(suite);
  checkRoles(suite, options.roles);
  scorable(run, options);
  // Every case was checked without a database before the databases opened
  // (admitSuiteBeforeData); on them, only the cases the run asks: one it does not ask cannot
  // touch its scores, and checking it cost as much as scoring a case.
  const findings = await lintOnDatasources(run, options.datasources, {
    modes: [options.mode],
    ...(options.cases ? { cases: options.cases } : {}),
    ...(options.policy ? { policy: options.policy } : {}),
    ...(options.roles ? { roles: options.roles } : {}),
  });
  refuseLintErrors(suite, options.mode, findings);
}
