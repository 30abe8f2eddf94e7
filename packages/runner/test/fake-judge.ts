// A real LLM judge (@nl2sql/judge's LlmJudge on a real LlmClient) whose judge node talks to a
// FakeLLMServer on 127.0.0.1: it answers a calibration set's pairs as their labels say, and
// any other question (a run's case) with `decide`. No key, no network.
import { CHINOOK_CALIBRATION_PATH } from '@nl2sql/datasets';
import {
  type CalibrationRecord,
  calibrate,
  JUDGE_NODE,
  JUDGE_OUTPUT_NAME,
  LlmJudge,
  loadCalibrationSet,
  promptSection,
} from '@nl2sql/judge';
import { FakeLLMServer, type FakeRequest, LlmClient, modelConfig, Secret } from '@nl2sql/llm';

export interface FakeJudge {
  readonly judge: LlmJudge;
  readonly server: FakeLLMServer;
  /** A calibration record of this judge on the Chinook set (it passes: answers as labelled). */
  readonly calibration: CalibrationRecord;
  /** Questions the judge was asked during the run (calibration pairs excluded). */
  readonly asked: string[];
  close(): Promise<void>;
}

function firstUserText(request: FakeRequest): string {
  const turns = (request.body.messages ?? request.body.input) as
    | { role: string; content: unknown }[]
    | undefined;
  const first = turns?.find((t) => t.role === 'user' && typeof t.content === 'string');
  return typeof first?.content === 'string' ? first.content : request.lastUserText;
}

export async function fakeJudge(
  decide: (question: string, candidateSql: string) => { equivalent: boolean; reason: string },
): Promise<FakeJudge> {
  const labels = await loadCalibrationSet(CHINOOK_CALIBRATION_PATH);
  const asked: string[] = [];
  let calibrating = true;
  const server = new FakeLLMServer({
    answers: {
      [JUDGE_OUTPUT_NAME]: (request: FakeRequest) => {
        const prompt = firstUserText(request);
        const question = promptSection(prompt, 'question') ?? '';
        const candidate = promptSection(prompt, 'candidate_sql') ?? '';
        const pair = calibrating
          ? labels.set.pairs.find((p) => p.question === question && p.candidate === candidate)
          : undefined;
        if (pair) {
          const equivalent = pair.label === 'equivalent';
          return { differences: equivalent ? [] : [pair.reason], reason: pair.reason, equivalent };
        }
        asked.push(question);
        const d = decide(question, candidate);
        return { differences: d.equivalent ? [] : [d.reason], ...d };
      },
    },
  });
  await server.start();
  const config = modelConfig('gpt-5.4', [JUDGE_NODE]);
  config.providers.openai = { baseUrl: server.openaiUrl, apiKey: new Secret('sk-test-judge') };
  const client = new LlmClient(config, { retry: { baseDelayMs: 1, maxDelayMs: 1 }, env: {} });
  const judge = new LlmJudge(client);
  const { record } = await calibrate(labels, judge, { date: '2026-11-30' });
  calibrating = false;
  return {
    judge,
    server,
    calibration: record,
    asked,
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}
