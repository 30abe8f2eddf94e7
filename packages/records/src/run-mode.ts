// The modes a run is scored in (the `--mode` of `nl2sql eval run`) and the kinds a record can
// be of (its `kind`: a mode, or `engine` for an engine outside this project), listed once:
// the record schema, the folder layout under benchmarks/, the published page's order, the
// runner's options and the CLI's flag all read these lists. They live here because a record
// is what says which kind a run was; the statistics (@nl2sql/gate) take the mode as a plain
// string and compare it for equality only.

/** In the order the published page shows them. */
export const RUN_MODES = ['plans', 'full', 'retrieval'] as const;

/** Gold plans through the code nodes (no model), the real model end to end, retrieval recall. */
export type Mode = (typeof RUN_MODES)[number];

/** A record's kind: a mode, or `engine` (scored in `scoreboard.settings.mode`). Page order. */
export const RECORD_KINDS = [...RUN_MODES, 'engine'] as const;

export type RecordKind = (typeof RECORD_KINDS)[number];

export function isMode(value: unknown): value is Mode {
  return typeof value === 'string' && (RUN_MODES as readonly string[]).includes(value);
}
