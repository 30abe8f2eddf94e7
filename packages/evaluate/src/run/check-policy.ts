import type { ProjectChecks } from '@nl2sql/project';
import type { SqlChecksOptions } from '@nl2sql/runner';

type CheckPolicy = Pick<
  SqlChecksOptions,
  'requireLimit' | 'maxLimit' | 'allowedFunctions' | 'maxSqlBytes'
>;

/**
 * evals.yaml `checks:` as the runner's sql-check options: the LIMIT policy, the vetted
 * functions and the size limit. What the file does not set stays the runner's default (the
 * largest LIMIT the run's row cap lets through, sqlcheck's 64 KiB).
 */
export function sqlCheckPolicy(checks: ProjectChecks | undefined): CheckPolicy {
  return {
    ...(checks?.requireLimit !== undefined ? { requireLimit: checks.requireLimit } : {}),
    ...(checks?.maxLimit !== undefined ? { maxLimit: checks.maxLimit } : {}),
    ...(checks?.allowedFunctions ? { allowedFunctions: checks.allowedFunctions } : {}),
    ...(checks?.maxSqlBytes !== undefined ? { maxSqlBytes: checks.maxSqlBytes } : {}),
  };
}
