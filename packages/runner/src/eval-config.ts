import type { Engine } from '@nl2sql/engine';
import type { LlmConfig } from '@nl2sql/llm';
import type { LlmCallFeed } from './llm-call-feed.js';

/**
 * One system under test: an engine and, when it runs on an LLM config, that config. The
 * config is what the price check reads before any call and what each call is billed by
 * (by the node's configured model, never the model a response echoes).
 *
 * The runner never reconfigures an engine: whoever builds a config builds its engine for
 * the run (curated answers, plan cache, generic refusals). @nl2sql/reference-engine's
 * `referenceConfig` and `plansEngine` do so for the reference engine (their configs fit
 * this shape); an HTTP engine is configured by whoever runs it.
 */
export interface EvalConfig {
  /**
   * The config name boards and records carry (`plans`, `gpt-5.4`, `retrieval`, an external
   * engine's host ...).
   */
  readonly name: string;
  readonly engine: Engine;
  readonly llm?: LlmConfig;
  /**
   * The same engine with curated answers off. When curated answers are on and a verified
   * query answered a case, the case is asked again here so accuracy_generated scores it
   * on the generated path.
   */
  readonly generated?: Engine;
  /**
   * Whether `engine` answers from curated answers, when the builder knows. A run whose
   * curated setting differs refuses to start (INVALID_OPTIONS): its record would say one
   * thing and its engine do another.
   */
  readonly curated?: boolean;
  /**
   * The row cap `engine` was built with, when the builder knows. A run whose `maxRows`
   * differs refuses to start (INVALID_OPTIONS): its SQL would be checked against another
   * LIMIT than the one it was written under.
   */
  readonly maxRows?: number;
  /**
   * True for an engine outside this project (an HTTP service): its records are of kind
   * `engine` and name the engine by what its describe() says. Default false (the reference
   * engine, recorded under the run's mode).
   */
  readonly external?: boolean;
  /**
   * An external engine only: score the rows it reports instead of running its SQL here, for
   * a system whose SQL the harness cannot run (a live warehouse it cannot reach). Its SQL is
   * still checked (L3); records, boards and pages say the rows were the engine's word.
   * Default false: the harness runs the SQL (answer-execution.ts).
   */
  readonly trustReportedRows?: boolean;
  /** Where an external engine is reached, without credentials; kept in the journal's header. */
  readonly endpoint?: string;
  /**
   * The LLM calls of this config's client as each completes. With one, every call is billed
   * (against the cap, into the journal) the moment it is made, not when its case finishes;
   * `referenceConfig` sets it. Without one (an HTTP engine), a case run is billed from the
   * usage its answer reports.
   */
  readonly calls?: LlmCallFeed;
}
