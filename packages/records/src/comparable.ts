import { type RunDifference, runDifferences } from '@nl2sql/gate';
import type { RunRecord } from './record.js';
import { recordIdentity } from './run-summary.js';

/** A field that keeps two records apart: the gate's, or the kind and engine a record adds. */
export type RecordDifference =
  | RunDifference
  | {
      readonly field: 'kind' | 'engine' | 'rows';
      readonly baseline: string;
      readonly current: string;
    };

/** Whether two records can be compared, and if not, why (every field that differs). */
export type Comparability =
  | { readonly comparable: true }
  | {
      readonly comparable: false;
      readonly reason: string;
      readonly differences: readonly RecordDifference[];
    };

/**
 * Two records are comparable when they share the kind (and for kind engine the engine's
 * name), the mode that scored them, the suite digest and the schema fingerprint, and in mode
 * full the roles (as a set) and the curated setting: the gate's own rule (`runDifferences`)
 * and the kind (for kind engine also how its rows were obtained: executed or trusted), so a baseline picked here is one the gate accepts and an external engine is
 * never gated against the reference engine or another engine.
 */
export function comparable(a: RunRecord, b: RunRecord): Comparability {
  const differences: RecordDifference[] = [];
  if (a.kind !== b.kind) differences.push({ field: 'kind', baseline: a.kind, current: b.kind });
  else if (a.kind === 'engine') {
    const before = a.engine?.name ?? 'unknown';
    const after = b.engine?.name ?? 'unknown';
    if (before !== after) differences.push({ field: 'engine', baseline: before, current: after });
    // Rows the harness read and rows that were the engine's word measure different things;
    // a record without the field scored the rows its engine reported.
    const rowsBefore = a.scoreboard.settings.rows ?? 'trusted';
    const rowsAfter = b.scoreboard.settings.rows ?? 'trusted';
    if (rowsBefore !== rowsAfter) {
      differences.push({ field: 'rows', baseline: rowsBefore, current: rowsAfter });
    }
  }
  for (const d of runDifferences(recordIdentity(a), recordIdentity(b))) {
    // The kind already says it when one is an engine run and the other a reference mode.
    if (d.field === 'mode' && a.kind !== b.kind) continue;
    differences.push(d);
  }
  if (differences.length === 0) return { comparable: true };
  const reason = differences
    .map((d) => `${FIELD_NAMES[d.field]} differs (${d.baseline} vs ${d.current})`)
    .join('; ');
  return { comparable: false, reason, differences };
}

// The record's own names, so the reason points at the field a person would open.
const FIELD_NAMES: Readonly<Record<RecordDifference['field'], string>> = {
  kind: 'kind',
  engine: 'engine.name',
  rows: 'scoreboard.settings.rows',
  mode: 'scoreboard.settings.mode',
  suiteDigest: 'dataset.digest',
  schemaFingerprint: 'database.schema_fingerprint',
  roles: 'scoreboard.settings.roles',
  curated: 'scoreboard.settings.curated',
  configs: 'config.name',
};
