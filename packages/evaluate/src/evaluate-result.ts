import type { RunRecord } from '@nl2sql/records';
import type { GateOutcome } from '@nl2sql/reporters';
import type { RunReport } from '@nl2sql/runner';
import type { ExitCode } from './exit-codes.js';

/** What `evaluate()` and `mergeRuns()` give back once the reporters have written. */
export interface EvaluateResult {
  /**
   * What `nl2sql eval run` exits with: 0 the run finished and passed (gate, --min-accuracy,
   * every reference case), 1 something failed, 3 a file could not be written, 130 stopped.
   */
  readonly exitCode: ExitCode;
  /** The runner's report: boards, case runs, cost. */
  readonly report: RunReport;
  /** The gate against the baseline: not asked, not run (stopped), no baseline, or gated. */
  readonly gate: GateOutcome;
  /** True when SIGINT or SIGTERM stopped the run (never gated, exit 130). */
  readonly stopped: boolean;
  /** The run's records, one per config (made on the first call). */
  records(): RunRecord[];
}
