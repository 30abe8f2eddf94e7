// Asks per second through the reference engine on Chinook, every LLM node answered by a
// FakeLLMServer from the gold plans (real HTTP on 127.0.0.1), and where the time goes per node.
// Run: pnpm bench

import { CHINOOK_POLICIES, CHINOOK_SUITE_PATH, locateChinook } from '@nl2sql/datasets';
import { openSqlite } from '@nl2sql/datasource-sqlite';
import type { AskRequest, AskTrace } from '@nl2sql/engine';
import { FakeLLMServer, LlmClient, modelConfig, Secret } from '@nl2sql/llm';
import { loadSqlcheck } from '@nl2sql/sqlcheck';
import { loadSuite } from '@nl2sql/suite';
import { goldPlanResponder } from '../src/gold-plan-responder.js';
import { ReferenceEngine } from '../src/reference-engine.js';
import { REFERENCE_NODES } from '../src/reference-nodes.js';

const suite = await loadSuite(CHINOOK_SUITE_PATH);
const server = new FakeLLMServer({ answers: goldPlanResponder(suite) });
await server.start();
const config = modelConfig('gpt-5.4', REFERENCE_NODES);
config.providers.openai = {
  baseUrl: server.openaiUrl,
  apiKey: new Secret('sk-bench'),
  maxConcurrency: 16,
};
const llm = new LlmClient(config);
const datasource = await openSqlite(await locateChinook({ download: false }));
await loadSqlcheck();

const asks: AskRequest[] = suite.cases
  .filter((c) => c.approved)
  .flatMap((c) => Object.keys(c.outcome).map((role) => ({ question: c.question, role })));

async function pass(label: string, engine: ReferenceEngine, concurrency: number, rounds: number) {
  const nodeMs = new Map<string, number>();
  let done = 0;
  let ok = 0;
  const queue = Array.from({ length: rounds }, () => asks).flat();
  const started = performance.now();
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const reply = await engine.ask(next);
      done++;
      if (
        reply.status === 'success' ||
        reply.error?.code === 'SECURITY_VIOLATION' ||
        reply.error?.code === 'QUESTION_NOT_ANSWERABLE'
      )
        ok++;
      for (const n of (reply.trace as AskTrace).nodes)
        nodeMs.set(n.node, (nodeMs.get(n.node) ?? 0) + n.ms);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  const total = [...nodeMs.values()].reduce((a, b) => a + b, 0);
  console.log(
    `${label}: ${done} asks in ${seconds.toFixed(2)} s = ${(done / seconds).toFixed(1)} asks/s (${ok} reached their outcome)`,
  );
  for (const [node, ms] of [...nodeMs].sort((a, b) => b[1] - a[1])) {
    console.log(
      `  ${node.padEnd(12)} ${(ms / done).toFixed(2).padStart(7)} ms/ask  ${((100 * ms) / total).toFixed(1).padStart(5)}%`,
    );
  }
}

const engine = (usePlanCache = false) =>
  new ReferenceEngine({
    llm,
    datasources: [{ id: 'chinook', datasource }],
    policy: CHINOOK_POLICIES,
    useCurated: false,
    usePlanCache,
  });
console.log(`${asks.length} case-role asks per round (the Chinook suite, every role)`);
await pass('warm-up, 1 in flight', engine(), 1, 1);
await pass('sequential, 1 in flight, 3 rounds', engine(), 1, 3);
await pass('8 in flight, 3 rounds', engine(), 8, 3);
const cached = engine(true);
await pass('plan cache on, 8 in flight, 3 rounds', cached, 8, 3);

await llm.close();
await server.close();
await datasource.close();
