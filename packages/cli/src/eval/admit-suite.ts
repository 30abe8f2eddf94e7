// Admission: the checks a suite passes before `eval run` asks its first case. A run that
// scores a suite it cannot score honestly (no gold rows, duplicate ids, a datasource it
// does not have, tables that are not what the SQL reads ...) reports passes that are not
// ones, so such a suite is refused with exit 3 and every finding, located.

import type { Mode } from '@nl2sql/records';
import {
  type AccessPolicy,
  assertScorable,
  type EvalSuite,
  formatLintFinding,
  isApproved,
  type SuiteMode,
  UnscorableSuiteError,
} from '@nl2sql/suite';
import { configError, usageError } from '../cli-error.js';
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
}

/**
 * The lint mode of a run: an external engine (--engine) never sees a plan, so it is
 * admitted as mode engine; its retrieval run stays retrieval.
 */
export function admissionMode(mode: Mode, engine: boolean): SuiteMode {
  return engine && mode !== 'retrieval' ? 'engine' : mode;
}

/** Throws a CliError (exit 3) naming every reason the suite cannot be run in this mode. */
export async function admitSuite(suite: EvalSuite, options: AdmitOptions): Promise<void> {
  // Only approved cases are run; a draft case without rows blocks nothing.
  const run: EvalSuite = { ...suite, cases: suite.cases.filter(isApproved) };
  // A role no case lists is a typo on the command line, not a gap in the suite.
  const known = new Set(suite.cases.flatMap((c) => Object.keys(c.outcome)));
  for (const role of options.roles ?? [])
    if (!known.has(role))
      throw usageError(
        `--roles: role ${JSON.stringify(role)} is in no case's outcome map (roles: ${[...known].sort().join(', ')})`,
      );
  try {
    assertScorable(run, { mode: options.mode, ...(options.roles ? { roles: options.roles } : {}) });
  } catch (error) {
    if (error instanceof UnscorableSuiteError) throw configError(error.message);
    throw error;
  }
  const findings = await lintOnDatasources(run, options.datasources, {
    modes: [options.mode],
    ...(options.policy ? { policy: options.policy } : {}),
    ...(options.roles ? { roles: options.roles } : {}),
  });
  const errors = findings.filter((f) => f.severity === 'error');
  if (errors.length === 0) return;
  throw configError(
    [
      `suite ${suite.name}: ${errors.length} lint error(s) for mode ${options.mode}; a score on it could not be trusted:`,
      ...errors.map((f) => `  ${formatLintFinding(f)}`),
      `Fix them and check with \`nl2sql suite lint --mode ${options.mode}\`.`,
    ].join('\n'),
  );
}
