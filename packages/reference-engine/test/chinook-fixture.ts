// Shared by the pipeline tests: the reference engine on Chinook with a FakeLLMServer answering
// every node from the Chinook suite's gold data (real HTTP on 127.0.0.1).

import { CHINOOK_POLICIES, CHINOOK_SUITE_PATH, locateChinook } from '@nl2sql/datasets';
import { openSqlite, type SqliteDatasource } from '@nl2sql/datasource-sqlite';
import { FakeLLMServer, LlmClient, modelConfig, Secret } from '@nl2sql/llm';
import { type EvalSuite, loadSuite } from '@nl2sql/suite';
import { goldPlanResponder } from '../src/gold-plan-responder.js';
import { ReferenceEngine } from '../src/reference-engine.js';
import type { ReferenceEngineOptions } from '../src/reference-engine-options.js';
import { REFERENCE_NODES } from '../src/reference-nodes.js';

export interface ChinookRig {
  suite: EvalSuite;
  server: FakeLLMServer;
  llm: LlmClient;
  datasource: SqliteDatasource;
  engine: (options?: Partial<ReferenceEngineOptions>) => ReferenceEngine;
  close: () => Promise<void>;
}

export async function chinookRig(
  llmOptions: { timeoutMs?: number; maxRetries?: number } = {},
): Promise<ChinookRig> {
  const suite = await loadSuite(CHINOOK_SUITE_PATH);
  const server = new FakeLLMServer({ answers: goldPlanResponder(suite) });
  await server.start();
  const config = modelConfig('gpt-5.4', REFERENCE_NODES);
  config.providers.openai = {
    baseUrl: server.openaiUrl,
    apiKey: new Secret('sk-test'),
    maxRetries: llmOptions.maxRetries ?? 0,
    timeoutMs: llmOptions.timeoutMs ?? 5000,
  };
  const llm = new LlmClient(config, { retry: { baseDelayMs: 10, maxDelayMs: 50 } });
  const datasource = await openSqlite(await locateChinook({ download: false }));
  const engine = (options: Partial<ReferenceEngineOptions> = {}) =>
    new ReferenceEngine({
      llm,
      datasources: [{ id: 'chinook', datasource, description: 'A digital music store.' }],
      policy: CHINOOK_POLICIES,
      useCurated: false,
      usePlanCache: false,
      ...options,
    });
  return {
    suite,
    server,
    llm,
    datasource,
    engine,
    close: async () => {
      await llm.close();
      await server.close();
      await datasource.close();
    },
  };
}
