import type { GateResult } from '@nl2sql/gate';
import type { AccuracyDelta } from './accuracy-delta.js';

/** Baseline case runs a run did not make (a selection, or a stop, left them out). */
export interface MissingRuns {
  readonly config: string;
  /** `case_id`, ` as role` and ` (pass n)` where they apply, in the baseline's order. */
  readonly caseRuns: readonly string[];
}

/** A run gated against its baseline records, as the reporters show it. */
export interface BaselineGate {
  readonly result: GateResult;
  /** The baseline record files gated against. */
  readonly paths: readonly string[];
  /** Per config, the baseline's case runs this run lacks (empty lists are left out). */
  readonly missing: readonly MissingRuns[];
  /** Whether a partial run may pass (`--allow-partial`). */
  readonly allowPartial: boolean;
  /** The gate passed, and the run covered the baseline unless partial runs were allowed. */
  readonly pass: boolean;
  /** How each gated config's headline figures moved from its baseline. */
  readonly deltas: readonly AccuracyDelta[];
}
