import type { AskUsage } from '@nl2sql/engine';

/** Called once per LLM call a config's client completes, with that call's usage. */
export type LlmCallListener = (usage: AskUsage) => void;

/**
 * The LLM calls a config's client completes, as each completes. The runner bills them one
 * by one, so money spent on a case run that is killed or cancelled before it finishes is
 * counted (and journalled) all the same. A structural type: whoever builds the config
 * builds the feed (@nl2sql/reference-engine's `referenceConfig` does).
 */
export interface LlmCallFeed {
  /** Listens to every call from now on; returns the function that stops listening. */
  subscribe(listener: LlmCallListener): () => void;
}
