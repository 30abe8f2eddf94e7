import type { Engine } from '@nl2sql/engine';
import type { LlmConfig } from '@nl2sql/llm';

/**
 * One system under test: an engine and, when it runs on an LLM config, that config. The
 * config is what the price check reads before any call and what each call is billed by
 * (by the node's configured model, never the model a response echoes).
 */
export interface EvalConfig {
  /** The config name boards and records carry (`plans`, `gpt-5.4`, `retrieval` ...). */
  readonly name: string;
  readonly engine: Engine;
  readonly llm?: LlmConfig;
  /**
   * The same engine with curated answers off. When curated answers are on and a verified
   * query answered a case, the case is asked again here so accuracy_generated scores it
   * on the generated path.
   */
  readonly generated?: Engine;
}

/**
 * Switches the reference engine exposes between asks. The runner sets them before the
 * first ask (never during a run, so concurrent asks see one setting); an engine without
 * them (HttpEngine) is configured by whoever runs it.
 */
export interface EngineSwitches {
  useCurated?: boolean;
  usePlanCache?: boolean;
  revealRefusedTable?: boolean;
}
