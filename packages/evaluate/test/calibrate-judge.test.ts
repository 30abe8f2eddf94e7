// calibrateJudge() with a judge on a fake LLM server on 127.0.0.1 that answers each labelled
// pair with its label: the record is written, its rates and the pass are returned.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CHINOOK_CALIBRATION_PATH, chinookForTests } from '@nl2sql/datasets';
import {
  JUDGE_OUTPUT_NAME,
  loadCalibrationSet,
  parseCalibrationRecord,
  promptSection,
} from '@nl2sql/judge';
import { FakeLLMServer, type FakeRequest } from '@nl2sql/llm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { calibrateJudge, EXIT } from '../src/index.js';
import { captureIo } from './capture-io.js';

const chinook = await chinookForTests();

function firstUserText(request: FakeRequest): string {
  const turns = (request.body.messages ?? request.body.input) as
    | { role: string; content: unknown }[]
    | undefined;
  const first = turns?.find((t) => t.role === 'user' && typeof t.content === 'string');
  return typeof first?.content === 'string' ? first.content : request.lastUserText;
}

describe.skipIf(!chinook.path)('calibrateJudge()', () => {
  let server: FakeLLMServer;
  beforeAll(async () => {
    const labels = await loadCalibrationSet(CHINOOK_CALIBRATION_PATH);
    server = new FakeLLMServer({
      answers: {
        [JUDGE_OUTPUT_NAME]: (request: FakeRequest) => {
          const prompt = firstUserText(request);
          const pair = labels.set.pairs.find(
            (p) =>
              p.question === promptSection(prompt, 'question') &&
              p.candidate === promptSection(prompt, 'candidate_sql'),
          );
          const equivalent = pair?.label === 'equivalent';
          return { differences: [], reason: pair?.reason ?? 'unknown pair', equivalent };
        },
      },
    });
    await server.start();
  });
  afterAll(async () => {
    await server?.close();
  });

  test('an honest judge passes; the record written is the one returned', async () => {
    const c = captureIo();
    writeFileSync(
      join(c.cwd, 'judge.yaml'),
      `name: judge\nmodel: gpt-5.4\nproviders:\n  openai:\n    base_url: ${server.openaiUrl}\n    api_key: sk-test-judge-key\n    max_retries: 0\n`,
    );
    const result = await calibrateJudge({ llm: 'judge.yaml', out: 'cal.json' }, c.io);
    expect(result.exitCode, c.out()).toBe(EXIT.ok);
    expect(result.out).toBe(join(c.cwd, 'cal.json'));
    expect(result.calibration.passed).toBe(true);
    expect(result.calibration.failures).toEqual([]);
    const { record } = result.calibration;
    expect(record.tpr.k).toBe(record.tpr.n);
    expect(record.tnr.k).toBe(record.tnr.n);
    const written = readFileSync(result.out, 'utf8');
    expect(parseCalibrationRecord(written, result.out)).toEqual(record);
    // The judge's key is masked in what is written and printed.
    expect(written).not.toContain('sk-test-judge-key');
    expect(c.out()).toContain('PASS: the judge may be used by eval run --judge');
  }, 60_000);
});
