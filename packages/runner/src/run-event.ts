import type { Mode } from '@nl2sql/gate';
import type { CaseRunRecord } from './case-run.js';
import type { RunReport } from './run-report.js';

/** A case as run.started lists it, so listeners (fake LLM servers) can recognise a question. */
export interface StartedCase {
  readonly id: string;
  readonly question: string;
  readonly datasource: string;
}

/**
 * Everything a run does, as typed events: the CLI's progress line, the fake LLM servers
 * and the journal all read the same ones. Listeners are called synchronously and in order.
 */
export type RunEvent =
  | {
      readonly type: 'run.started';
      readonly mode: Mode;
      readonly configs: readonly string[];
      readonly cases: readonly StartedCase[];
      readonly planned_cases: number;
      /** Case runs read back from the journal (resume), already complete. */
      readonly resumed_cases: number;
    }
  | {
      readonly type: 'case.started';
      readonly config: string;
      readonly case_id: string;
      readonly question: string;
      readonly role: string | null;
      readonly pass: number;
    }
  | {
      readonly type: 'case.finished';
      readonly config: string;
      readonly record: CaseRunRecord;
      readonly completed_cases: number;
      readonly planned_cases: number;
      /** Case runs that passed (strict) so far, over completed_cases. */
      readonly passed_cases: number;
      readonly dollars: number;
    }
  | {
      readonly type: 'run.stopped';
      readonly reason: 'max_cost' | 'cancelled';
      readonly completed_cases: number;
      readonly planned_cases: number;
      readonly dollars: number;
    }
  | { readonly type: 'run.finished'; readonly report: RunReport };

export type RunEventListener = (event: RunEvent) => void;
