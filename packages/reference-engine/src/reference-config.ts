import {
  type AccessPolicy,
  type EngineDatasource,
  ReferenceEngine,
  type ReferenceEngineOptions,
} from '@nl2sql/engine';
import { LlmClient, type LlmClientOptions, type LlmConfig } from '@nl2sql/llm';
import type { EvalConfig } from './eval-config.js';
import { LlmCallFeed } from './llm-call-feed.js';
import { DEFAULT_MAX_ROWS } from './row-cap.js';

/** What every reference engine of a run shares: the datasources, the policy, the retriever. */
export interface ReferenceSetup {
  readonly datasources: readonly EngineDatasource[];
  readonly policy?: AccessPolicy;
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
export interface ReferenceConfig extends EvalConfig {
  readonly engine: ReferenceEngine;
  readonly generated: ReferenceEngine;
  readonly llm: LlmConfig;
  readonly curated: boolean;
  readonly maxRows: number;
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
  llm: LlmConfig,
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
