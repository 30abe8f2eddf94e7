import type { AskUsage } from '@nl2sql/engine';
import type { Mode, RecordDataset } from '@nl2sql/records';
import type { CaseResult, CaseTimings } from './case-result.js';
import type { EngineIdentity } from './engine-identity.js';
import type { RunReport } from './run-report.js';

/** A case as run.started lists it, so listeners (fake LLM servers) can recognise a question. */
export interface StartedCase {
  readonly id: string;
  readonly question: string;
  readonly datasource: string;
}

/** A finished case run and the config it ran under. */
export interface FinishedCase {
  readonly config: string;
  readonly result: CaseResult;
}

/**
 * Everything a run does, as typed events. The runner's own result collector and journal,
 * the CLI's progress line, saved report and records, and fake LLM servers all read the same
 * ones. Listeners are called synchronously and in order; one that throws fails the run.
 *
 * A run emits run.started, then per case run case.started and (unless cancelled in flight)
 * case.finished, with call.billed for each LLM call of a config that reports its calls as
 * they complete, journal.failed if its journal could not be written, then run.stopped when
 * it ended early, then run.finished. A run that fails
 * (an error where it cannot go on) emits nothing more and runEval throws.
 */
export type RunEvent =
  | {
      readonly type: 'run.started';
      readonly mode: Mode;
      readonly configs: readonly string[];
      readonly dataset: RecordDataset;
      readonly cases: readonly StartedCase[];
      /** Case runs over every config and pass. */
      readonly plannedCases: number;
      /** SHA-256 of the task list: what a journal records so a resume cannot mix runs. */
      readonly tasksDigest: string;
      /** Case runs read back from the journal (resume), already complete; they are not run. */
      readonly resumed: readonly FinishedCase[];
      /** Each config's engine, by config name, as it described itself. */
      readonly engines: Readonly<Record<string, EngineIdentity>>;
      /** Dollars the journal says were billed call by call before this run, by config (resume). */
      readonly billed: Readonly<Record<string, number>>;
      /** What the user should know before the run (a stale journal lock taken over ...). */
      readonly notices: readonly string[];
    }
  | {
      readonly type: 'case.started';
      readonly config: string;
      readonly caseId: string;
      readonly question: string;
      readonly role: string | null;
      readonly pass: number;
    }
  | {
      readonly type: 'case.finished';
      readonly config: string;
      readonly result: CaseResult;
      readonly timings: CaseTimings;
      /** Case runs complete so far, resumed ones included. */
      readonly completedCases: number;
      readonly plannedCases: number;
      /** Case runs that passed (strict) so far, over completedCases. */
      readonly passedCases: number;
      /** Dollars billed so far over every config. */
      readonly dollars: number;
    }
  | {
      readonly type: 'call.billed';
      readonly config: string;
      /** The case run the call was made for (null when made outside one). */
      readonly caseId: string | null;
      readonly role: string | null;
      readonly pass: number | null;
      /** The call's usage, as its client reported it. */
      readonly usage: AskUsage;
      /** What it cost, by the price of the model its node is configured with. */
      readonly costUsd: number;
      /** Dollars billed so far over every config (this call included). */
      readonly dollars: number;
    }
  | {
      readonly type: 'run.stopped';
      readonly reason: 'max_cost' | 'cancelled';
      readonly completedCases: number;
      readonly plannedCases: number;
      readonly dollars: number;
    }
  | {
      /**
       * The journal could not be written (a full disk): it ends on its last whole line and
       * takes no more lines; the run goes on without it. Emitted once.
       */
      readonly type: 'journal.failed';
      readonly path: string;
      /** One line naming the file and the system's error. */
      readonly message: string;
    }
  | { readonly type: 'run.finished'; readonly report: RunReport };

export type RunEventListener = (event: RunEvent) => void;

/** One listener that calls each of `listeners` in order. */
export function allListeners(listeners: readonly RunEventListener[]): RunEventListener {
  return (event) => {
    for (const listener of listeners) listener(event);
  };
}
