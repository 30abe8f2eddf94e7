// The LLM calls a config's client completes, as each completes (the client's `onUsage`). A
// runner that subscribes bills them one by one, so money spent on a case run that is killed
// or cancelled before it finishes is counted (and journalled) all the same. It has the shape
// @nl2sql/runner's `EvalConfig.calls` takes.

import type { UsageRecord } from '@nl2sql/llm';

/** Called once per LLM call a config's client completes, with that call's usage. */
export type LlmCallListener = (usage: UsageRecord) => void;

export class LlmCallFeed {
  readonly #listeners = new Set<LlmCallListener>();

  /** Listens to every call from now on; returns the function that stops listening. */
  subscribe(listener: LlmCallListener): () => void {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  }

  /** One completed call: every listener hears of it, in the order they subscribed. */
  publish(usage: UsageRecord): void {
    for (const listener of this.#listeners) listener(usage);
  }
}
