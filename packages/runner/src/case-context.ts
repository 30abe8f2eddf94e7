import type { AccessPolicy } from '@nl2sql/access-policy';
import type { Price } from '@nl2sql/llm';
import type { Mode } from '@nl2sql/records';
import type { AnswerChecks, AnswerExecution } from './answer-execution.js';
import type { EvaluationSettings } from './evaluation-settings.js';
import type { Scorer } from './scorer.js';
import type { RunSnapshots } from './snapshot-match.js';
import type { TrajectoryChecks } from './trajectory-check.js';

/** What the case stages (ask-case, retrieve-case) need from the run, the same for every task. */
export interface CaseContext {
  readonly mode: Mode;
  readonly scorers: readonly Scorer[];
  /** Curated answers on: a curated hit is asked again on the config's generated engine. */
  readonly curated: boolean;
  /** Time limit of one ask or retrieve. */
  readonly askTimeoutMs: number;
  /** Price rows that apply to every config. */
  readonly prices?: Readonly<Record<string, Price>>;
  /** Mode retrieval: the full-snapshot limit sent with each retrieve. */
  readonly fullSnapshotMaxTables: number;
  /** Where external engines' SQL is run; null when no datasource was given (trusted rows only). */
  readonly answerExecution: AnswerExecution | null;
  /** The project's check policy for the safety check before the harness runs that SQL. */
  readonly answerChecks: AnswerChecks;
  /** The run's row cap: the harness reads at most this many rows of an external engine's SQL. */
  readonly maxRows: number;
  /** The snapshots of each datasource (EX on all snapshots); null when none were given. */
  readonly snapshots: RunSnapshots | null;
  /** How a snapshot's rows are compared: the run's tolerance and policy. */
  readonly snapshotCompare: { readonly tolerance?: number; readonly policy?: AccessPolicy };
  /** How each SQL step of an engine's trajectory is checked (L1-L3, the role's scope). */
  readonly trajectoryChecks: TrajectoryChecks;
  /** Diagnostics, test suite and verdict of each asked case run; null when off. */
  readonly evaluation: EvaluationSettings | null;
}
