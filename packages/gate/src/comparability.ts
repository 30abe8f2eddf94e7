import { IncomparableRunsError, type RunDifference } from './incomparable-runs-error.js';
import type { RunSummary } from './run-summary.js';

/**
 * What keeps two runs from being compared: the mode, the suite digest and the schema
 * fingerprint, and, for runs of one mode where either states them, the roles (as a set)
 * and whether curated answers were on. An empty list means the runs are comparable.
 */
export function runDifferences(
  baseline: Omit<RunSummary, 'configs'>,
  current: Omit<RunSummary, 'configs'>,
): RunDifference[] {
  const differences: RunDifference[] = [];
  if (baseline.mode !== current.mode) {
    differences.push({ field: 'mode', baseline: baseline.mode, current: current.mode });
  }
  if (baseline.suiteDigest !== current.suiteDigest) {
    differences.push({
      field: 'suiteDigest',
      baseline: baseline.suiteDigest,
      current: current.suiteDigest,
    });
  }
  if (baseline.schemaFingerprint !== current.schemaFingerprint) {
    differences.push({
      field: 'schemaFingerprint',
      baseline: baseline.schemaFingerprint,
      current: current.schemaFingerprint,
    });
  }
  // Roles and curated answers change what a run asks, in the modes that hold comparisons to
  // them: whoever builds the summaries states them for those modes only (@nl2sql/records
  // does for mode full), so the gate needs no list of modes. Runs of different modes
  // already differ in the mode; what one mode states and another does not is no news.
  const sameMode = baseline.mode === current.mode;
  if (sameMode && (baseline.roles !== undefined || current.roles !== undefined)) {
    const rolesBefore = roleSet(baseline.roles);
    const rolesAfter = roleSet(current.roles);
    if (rolesBefore !== rolesAfter) {
      differences.push({ field: 'roles', baseline: rolesBefore, current: rolesAfter });
    }
  }
  if (sameMode && (baseline.curated !== undefined || current.curated !== undefined)) {
    const curatedBefore = baseline.curated ?? false;
    const curatedAfter = current.curated ?? false;
    if (curatedBefore !== curatedAfter) {
      differences.push({
        field: 'curated',
        baseline: curatedBefore ? 'on' : 'off',
        current: curatedAfter ? 'on' : 'off',
      });
    }
  }
  return differences;
}

/** Throws `IncomparableRunsError` naming every difference when the runs are not comparable. */
export function assertComparable(
  baseline: Omit<RunSummary, 'configs'>,
  current: Omit<RunSummary, 'configs'>,
): void {
  const differences = runDifferences(baseline, current);
  if (differences.length > 0) throw new IncomparableRunsError(differences);
}

function roleSet(roles: readonly string[] | undefined): string {
  const unique = [...new Set(roles ?? [])].sort();
  return unique.length === 0 ? '(none)' : `[${unique.join(', ')}]`;
}
