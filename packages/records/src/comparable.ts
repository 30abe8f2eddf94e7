import { type RunDifference, runDifferences } from '@nl2sql/gate';
import type { RunRecord } from './record.js';
import { recordIdentity } from './run-summary.js';

/** Whether two records can be compared, and if not, why (every field that differs). */
export type Comparability =
  | { readonly comparable: true }
  | {
      readonly comparable: false;
      readonly reason: string;
      readonly differences: readonly RunDifference[];
    };

/**
 * Two records are comparable when they share the mode, the suite digest and the schema
 * fingerprint, and in mode full the roles (as a set) and the curated setting: the gate's
 * own rule (`runDifferences`), so a baseline picked here is one the gate accepts.
 */
export function comparable(a: RunRecord, b: RunRecord): Comparability {
  const differences = runDifferences(recordIdentity(a), recordIdentity(b));
  if (differences.length === 0) return { comparable: true };
  const reason = differences
    .map((d) => `${FIELD_NAMES[d.field]} differs (${d.baseline} vs ${d.current})`)
    .join('; ');
  return { comparable: false, reason, differences };
}

// The record's own names, so the reason points at the field a person would open.
const FIELD_NAMES: Readonly<Record<RunDifference['field'], string>> = {
  mode: 'kind',
  suiteDigest: 'dataset.digest',
  schemaFingerprint: 'database.schema_fingerprint',
  roles: 'scoreboard.settings.roles',
  curated: 'scoreboard.settings.curated',
  configs: 'config.name',
};
