import type { Mode } from '@nl2sql/records';
import { faithfulnessScorer } from './faithfulness-scorer.js';
import { outcomeScorer } from './outcome-scorer.js';
import { resultMatchScorer } from './result-match-scorer.js';
import { retrievalRecallScorer, type SelectionScoring } from './retrieval-recall-scorer.js';
import { routingScorer } from './routing-scorer.js';
import { DEFAULT_MAX_ROWS, rowCapLimit } from './row-cap.js';
import type { Scorer } from './scorer.js';
import { type SqlChecksOptions, sqlChecksScorer } from './sql-checks-scorer.js';

/** What the built-in scorers can be told (runEval's options of the same names). */
export interface ScorerOptions {
  /**
   * Static checks of the generated SQL as diagnostics; false turns them off. Default sqlite,
   * no schema (L2 skipped: pass the datasource's introspected schema to run it), and the
   * largest LIMIT the run's row cap lets the engine write.
   */
  readonly sqlChecks?: SqlChecksOptions | false;
  /** The row cap the engines of the run were built with. Default 1000. */
  readonly maxRows?: number;
  /** What a refusal must say. Default the engine's GENERIC_REFUSAL. */
  readonly refusalMessage?: string;
  /** Numeric tolerance of the row comparison. Default 0.005. */
  readonly tolerance?: number;
  /**
   * Mode retrieval: the schema (and a restricted runner) to score each selection as spec
   * 003 does (relationships, element recall, complete strategy, state, reference-SQL match).
   * Without it only table and column recall are scored.
   */
  readonly selection?: SelectionScoring;
  /** The datasource's engine (`database.engine`), whose gold rows are compared (default sqlite). */
  readonly datasourceEngine?: string;
}

/** The scorers a mode runs, in order: execution first, then quality, then diagnostics. */
export function defaultScorers(mode: Mode, options: ScorerOptions = {}): Scorer[] {
  if (mode === 'retrieval') return [retrievalRecallScorer(options.selection), routingScorer()];
  const scorers: Scorer[] = [
    outcomeScorer({
      ...(options.refusalMessage ? { refusalMessage: options.refusalMessage } : {}),
    }),
    resultMatchScorer({
      ...(options.tolerance !== undefined ? { tolerance: options.tolerance } : {}),
      ...(options.datasourceEngine !== undefined ? { engine: options.datasourceEngine } : {}),
    }),
  ];
  // Mode plans' fake synthesizer writes one fixed sentence for every case: nothing to check.
  if (mode === 'full') scorers.push(faithfulnessScorer());
  scorers.push(routingScorer());
  if (options.sqlChecks !== false) {
    const maxLimit = rowCapLimit(options.maxRows ?? DEFAULT_MAX_ROWS);
    scorers.push(sqlChecksScorer({ maxLimit, ...(options.sqlChecks ?? {}) }));
  }
  return scorers;
}
