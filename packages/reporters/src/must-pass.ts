import type { ConfigReport } from '@nl2sql/runner';

/**
 * Whether a config's failing case runs fail the run (exit 1). Only the reference engine on
 * gold plans (mode plans) must pass every case: there a failure is a bug in a code node or a
 * plan. A model's or an external engine's failures are its score, gated by --baseline.
 */
export function mustPassEveryCase(board: Pick<ConfigReport, 'kind'>): boolean {
  return board.kind === 'plans';
}
