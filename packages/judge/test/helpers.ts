// Shared setup: a real LlmClient whose judge node goes to a FakeLLMServer on 127.0.0.1, and
// fake judges that answer from a calibration set's labels.
import {
  type FakeLLMServer,
  type FakeRequest,
  LlmClient,
  type LlmConfig,
  modelConfig,
  Secret,
} from '@nl2sql/llm';
import type { CalibrationSet } from '../src/calibration-set.js';
import { JUDGE_OUTPUT_NAME, promptSection } from '../src/judge-prompt.js';
import { JUDGE_NODE } from '../src/llm-judge.js';

/** A config with `model` on the judge node, pointed at the fake server. */
export function judgeConfig(server: FakeLLMServer, model = 'gpt-5.4'): LlmConfig {
  const config: LlmConfig = modelConfig(model, [JUDGE_NODE]);
  config.providers.openai = { baseUrl: server.openaiUrl, apiKey: new Secret('sk-test-judge') };
  config.providers.anthropic = { baseUrl: server.url, apiKey: new Secret('sk-ant-test-judge') };
  return config;
}

/** A client without retry waits, so fault tests stay fast. */
export function judgeClient(server: FakeLLMServer, model = 'gpt-5.4'): LlmClient {
  return new LlmClient(judgeConfig(server, model), {
    retry: { baseDelayMs: 1, maxDelayMs: 1 },
    env: {},
  });
}

/** The first user turn of a request (a corrective retry's last turn is the correction). */
export function firstUserText(request: FakeRequest): string {
  const turns = (request.body.messages ?? request.body.input) as
    | { role: string; content: unknown }[]
    | undefined;
  const first = turns?.find((t) => t.role === 'user' && typeof t.content === 'string');
  return typeof first?.content === 'string' ? first.content : request.lastUserText;
}

/** The pair a judge prompt is about, found by its question and candidate SQL. */
export function pairOf(set: CalibrationSet, request: FakeRequest) {
  const prompt = firstUserText(request);
  const question = promptSection(prompt, 'question');
  const candidate = promptSection(prompt, 'candidate_sql');
  const pair = set.pairs.find((p) => p.question === question && p.candidate === candidate);
  if (pair === undefined) throw new Error(`no pair for question ${JSON.stringify(question)}`);
  return pair;
}

/** An answer function for the judge's schema that says what the labels say. */
export function answerFromLabels(set: CalibrationSet) {
  return {
    [JUDGE_OUTPUT_NAME]: (request: FakeRequest) => {
      const pair = pairOf(set, request);
      const equivalent = pair.label === 'equivalent';
      return { differences: equivalent ? [] : [pair.reason], reason: pair.reason, equivalent };
    },
  };
}

/** An answer function that calls every pair equivalent. */
export const ALWAYS_EQUIVALENT = {
  [JUDGE_OUTPUT_NAME]: { differences: [], reason: 'They look the same to me.', equivalent: true },
};
