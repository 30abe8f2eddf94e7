import type { RetrievalMetrics, RunMetrics } from '@nl2sql/records';
import { BoardTally } from './board-tally.js';
import type { CaseResult } from './case-result.js';
import { type DiagnosticsMetricsOptions, diagnosticsSection } from './diagnostics-metrics.js';

export { accuracy, passedAllScorers } from './board-tally.js';

export interface BoardOptions {
  /** Passes the run planned; pass^k and determinism appear above one. */
  readonly passes: number;
  /** Whether curated answers were on (accuracy_generated appears only then). */
  readonly curated: boolean;
  /** Whether the faithfulness scorer ran (it does not in mode plans). */
  readonly faithfulness: boolean;
  /**
   * Every dollar billed call by call for this config, when its calls were billed so: the
   * total then counts calls of case runs that never finished (killed, cancelled).
   */
  readonly billedUsd?: number;
  /** The diagnostics section's inputs (tags by case, the test suite's own figures). */
  readonly diagnostics?: Omit<DiagnosticsMetricsOptions, 'accuracy'>;
}

/**
 * The board of a plans or full run, from its case records in task order: execution accuracy
 * strict and lenient with Wilson intervals (over the runs scored), accuracy_all_scorers,
 * accuracy_generated, pass^k, answerability, dollars, tokens, latency, determinism and
 * faithfulness. Every figure counts the records given, so a stopped run's board covers
 * exactly the runs that finished. A run counts its board as it goes (BoardTally); this is
 * the same count over a list. The diagnostics section (issue 16) is there when some case run
 * was evaluated beyond EX.
 */
export function buildBoard(records: readonly CaseResult[], options: BoardOptions): RunMetrics {
  const { diagnostics, ...tally } = options;
  return {
    ...BoardTally.over(records, { retrieval: false, ...tally }).runMetrics(options.billedUsd),
    ...diagnosticsSection(records, diagnostics),
  };
}

/**
 * The board of a retrieval run: mean table and column recall, how many case runs were
 * sent every needed table (perfect_tables) and column (perfect_columns), the mean amount
 * sent (read recall beside it), and routing where the engine reported a ranking. Where the
 * scorer had the schema (spec 003's figures): mean relationships and element recall, complete
 * strategies, reference-SQL matches among the case runs it ran for, and selections that ended
 * in the state expected; each is null when no case run carries it.
 */
export function buildRetrievalBoard(records: readonly CaseResult[]): RetrievalMetrics {
  const options = { retrieval: true, passes: 1, curated: false, faithfulness: false };
  return BoardTally.over(records, options).metrics() as RetrievalMetrics;
}
