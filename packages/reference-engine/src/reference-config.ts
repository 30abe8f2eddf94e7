// The reference engine built for an eval run, as the runner takes a config under test
// (`EvalConfig` of @nl2sql/runner, which this satisfies structurally: the runner does not
// depend on this package, and this package does not depend on the runner).

import type { AccessPolicy } from '@nl2sql/access-policy';
import { LlmClient, type LlmClientOptions, type LlmConfig } from '@nl2sql/llm';
import { LlmCallFeed } from './llm-call-feed.js';
import { ReferenceEngine } from './reference-engine.js';
import {
  DEFAULT_MAX_ROWS,
  type EngineDatasource,
  type ReferenceEngineOptions,
} from './reference-engine-options.js';
import type { ReferenceNode } from './reference-nodes.js';

/** What every reference engine of a run shares: the datasources, the policy, the retriever. */
export interface ReferenceSetup {
  readonly datasources: readonly EngineDatasource[];
  readonly policy?: AccessPolicy;
  /** What a refusal says (a project's `policy.refusal_message`); default the generic one. */
  readonly refusalMessage?: string;
  readonly retrieval?: ReferenceEngineOptions['retrieval'];
  readonly curatedAnswers?: ReferenceEngineOptions['curated'];
  /** Whole-ask limit inside the engine; the runner's case timeout still applies. */
  readonly askTimeoutMs?: number;
  /** Curated answers on in the config's engine. Default true (mode full's default). */
  readonly curated?: boolean;
  /** The engine's row cap; the run's `maxRows` must be the same. Default 1000. */
  readonly maxRows?: number;
}

/** A config under test built on the reference engine, with the LLM client it owns. */
export interface ReferenceConfig {
  /** The config name boards and records carry (the llm section's name). */
  readonly name: string;
  readonly engine: ReferenceEngine;
  /** The same engine with curated answers off, for accuracy on the generated path. */
  readonly generated: ReferenceEngine;
  /** What the runner prices each call by (the node's configured model). */
  readonly llm: LlmConfig<ReferenceNode>;
  /** Whether `engine` answers from curated answers. */
  readonly curated: boolean;
  /** The row cap both engines were built with. */
  readonly maxRows: number;
  /** Every LLM call of the client, as it completes (the runner bills each at once). */
  readonly calls: LlmCallFeed;
  /** Closes the LLM client (the datasources belong to the caller). */
  close(): Promise<void>;
}

/**
 * Mode full's config for one llm section: the reference engine on a real LLM client, and
 * the same engine with curated answers off for the generated path. The engines are built
 * for an eval run: plan cache off in both (a second pass asks the planner again), refusals
 * with the generic message (the outcome scorer requires it), curated answers as
 * `setup.curated` says in the first.
 */
export function referenceConfig(
  llm: LlmConfig<ReferenceNode>,
  setup: ReferenceSetup,
  clientOptions: LlmClientOptions = {},
): ReferenceConfig {
  // Every completed call is published as it completes, so the run bills it at once.
  const calls = new LlmCallFeed();
  const client = new LlmClient(llm, {
    ...clientOptions,
    onUsage: (usage) => {
      clientOptions.onUsage?.(usage);
      calls.publish(usage);
    },
  });
  const maxRows = setup.maxRows ?? DEFAULT_MAX_ROWS;
  const make = (useCurated: boolean) =>
    new ReferenceEngine({
      llm: client,
      datasources: setup.datasources,
      ...(setup.policy ? { policy: setup.policy } : {}),
      ...(setup.refusalMessage !== undefined ? { refusalMessage: setup.refusalMessage } : {}),
      ...(setup.retrieval ? { retrieval: setup.retrieval } : {}),
      ...(setup.curatedAnswers ? { curated: setup.curatedAnswers } : {}),
      ...(setup.askTimeoutMs ? { askTimeoutMs: setup.askTimeoutMs } : {}),
      maxRows,
      useCurated,
      usePlanCache: false,
      revealRefusedTable: false,
    });
  const curated = setup.curated ?? true;
  return {
    name: llm.name,
    llm,
    curated,
    maxRows,
    calls,
    engine: make(curated),
    generated: make(false),
    close: () => client.close(),
  };
}
