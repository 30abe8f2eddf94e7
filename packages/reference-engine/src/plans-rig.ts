// Mode plans' rig: the reference engine's real pipeline on a fake LLM server that answers
// every node from the suite's gold data.

import { FakeLLMServer, modelConfig, Secret } from '@nl2sql/llm';
import { type GoldCase, goldPlanResponder } from './gold-plan-responder.js';
import { type ReferenceConfig, type ReferenceSetup, referenceConfig } from './reference-config.js';
import { REFERENCE_NODES } from './reference-nodes.js';

/** Mode plans' engine: the reference engine on the gold-plan fake LLM server. */
export interface PlansEngine extends ReferenceConfig {
  readonly server: FakeLLMServer;
}

// No model is called in mode plans, so no token is counted and nothing is billed.
const NO_USAGE = { input: 0, cached: 0, cacheWrite: 0, output: 0, reasoning: 0 };

/**
 * Starts a FakeLLMServer (a real HTTP server on 127.0.0.1) that answers every LLM node from
 * the suite's gold data, and builds the reference engine on it: a failing case is then a
 * bug in a code node or a plan, never in a model. Curated answers and the plan cache are
 * off; refusals carry the generic message. `close()` stops the server and the client.
 */
export async function plansEngine(
  suite: { readonly cases: readonly GoldCase[] },
  setup: Omit<ReferenceSetup, 'curated'>,
): Promise<PlansEngine> {
  const server = new FakeLLMServer({ answers: goldPlanResponder(suite), usage: NO_USAGE });
  await server.start();
  const llm = modelConfig('gpt-5.4', REFERENCE_NODES);
  llm.name = 'plans';
  llm.providers.openai = {
    baseUrl: server.openaiUrl,
    apiKey: new Secret('fake-key-mode-plans'),
    maxRetries: 0,
    timeoutMs: 30_000,
  };
  const config = referenceConfig(llm, { ...setup, curated: false }, { maxConcurrency: 64 });
  return {
    ...config,
    server,
    close: async () => {
      await config.close();
      await server.close();
    },
  };
}
