import type { Redactor } from '@nl2sql/llm';
import type { RunRecord } from '@nl2sql/records';
import type { BoardPolicy, RunEventListener, RunReport } from '@nl2sql/runner';
import type { EvalSuite } from '@nl2sql/suite';
import type { BaselineGate } from './baseline-gate.js';
import type { ReporterIo } from './reporter-io.js';

/** What became of the gate, for the reporters to show. */
export type GateOutcome =
  /** No --baseline was given. */
  | { readonly status: 'not asked' }
  /** The run was stopped, so it was not gated (exit 130). */
  | { readonly status: 'not run' }
  /** --baseline-optional, and no record was comparable: the sentence saying so. */
  | { readonly status: 'no baseline'; readonly message: string }
  | { readonly status: 'gated'; readonly gate: BaselineGate };

/** Everything a reporter may show once the run is over, finished or stopped. */
export interface RunOutcome {
  readonly report: RunReport;
  readonly suite: EvalSuite;
  /** The suite file, as given (annotations and JUnit point into it). */
  readonly suitePath: string;
  readonly gate: GateOutcome;
  /** The run's result records, one per config (made on first call). */
  records(): readonly RunRecord[];
  /** The records folder the run was gated against (--baseline), for history. */
  readonly baselineDir: string | null;
}

/** What a reporter is made with. */
export interface ReporterContext {
  /** Where stdout and stderr go (already masking the run's secrets). */
  readonly io: ReporterIo;
  /** Masks the run's secrets in what a reporter writes to a file. */
  readonly redactor: Redactor;
  /** `--diagnostics`: the text board adds its diagnostics section. */
  readonly diagnostics?: boolean;
  /** `--predictions`: the passes are a file's candidates, drilled down by case. */
  readonly candidates?: boolean;
  /** `--policies`: the leaderboards' rules the text board shows; null for none. */
  readonly policies?: readonly BoardPolicy[] | null;
  /** `--methods`: the text board adds spec 003's comparison table. */
  readonly comparison?: boolean;
}

/**
 * One way of reporting a run (`--reporter NAME[=FILE]`): a listener of the run's events
 * and/or a consumer of the final report. Reporters never change the exit code; a reporter
 * that cannot write its file says so, and the run exits 3 if it would have exited 0.
 */
export interface Reporter {
  /** As given on the command line (`junit=report.xml`), for messages. */
  readonly name: string;
  /** Called with every run event, after the runner's own listeners. */
  readonly onEvent?: RunEventListener;
  /** Writes the reporter's output once the run is over. */
  finish(outcome: RunOutcome): void | Promise<void>;
}

/** The gate as eval run computed it, as the reporters see it. */
export function gateOutcome(
  gated: BaselineGate | string | null,
  baselineAsked: boolean,
  stopped: boolean,
): GateOutcome {
  if (!baselineAsked) return { status: 'not asked' };
  if (stopped) return { status: 'not run' };
  if (gated === null) return { status: 'not asked' };
  if (typeof gated === 'string') return { status: 'no baseline', message: gated };
  return { status: 'gated', gate: gated };
}
