import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
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
import { EXIT, main } from '../src/index.js';
import { captureIo } from './io-capture.js';

const chinook = await chinookForTests();
const noChinook = chinook.path === undefined;

function firstUserText(request: FakeRequest): string {
  const turns = (request.body.messages ?? request.body.input) as
    | { role: string; content: unknown }[]
    | undefined;
  const first = turns?.find((t) => t.role === 'user' && typeof t.content === 'string');
  return typeof first?.content === 'string' ? first.content : request.lastUserText;
}

describe.skipIf(noChinook)(
  'nl2sql judge calibrate, then eval run --judge (fake LLM on 127.0.0.1)',
  () => {
    let server: FakeLLMServer;
    let dir: string;
    /** What the fake judge says of a calibration pair: the label, or always "equivalent". */
    let honest = true;
    const runQuestions: string[] = [];

    beforeAll(async () => {
      const labels = await loadCalibrationSet(CHINOOK_CALIBRATION_PATH);
      server = new FakeLLMServer({
        answers: {
          [JUDGE_OUTPUT_NAME]: (request: FakeRequest) => {
            const prompt = firstUserText(request);
            const question = promptSection(prompt, 'question') ?? '';
            const candidate = promptSection(prompt, 'candidate_sql') ?? '';
            const pair = labels.set.pairs.find(
              (p) => p.question === question && p.candidate === candidate,
            );
            if (!pair) {
              runQuestions.push(question);
              return {
                differences: [],
                reason: 'Both queries answer the question.',
                equivalent: true,
              };
            }
            const equivalent = honest ? pair.label === 'equivalent' : true;
            return {
              differences: equivalent ? [] : [pair.reason],
              reason: pair.reason,
              equivalent,
            };
          },
        },
      });
      await server.start();
      dir = mkdtempSync(join(tmpdir(), 'nl2sql-judge-'));
      writeFileSync(
        join(dir, 'judge.yaml'),
        [
          'name: judge',
          'model: gpt-5.4',
          'providers:',
          '  openai:',
          `    base_url: ${server.openaiUrl}`,
          '    api_key: sk-test-judge-key',
          '    max_retries: 0',
          '',
        ].join('\n'),
      );
    }, 60_000);
    afterAll(async () => {
      await server?.close();
    });

    const run = async (...args: string[]) => {
      const c = captureIo({ cwd: dir });
      const code = await main(args, c.io);
      return { code, out: c.out(), err: c.err() };
    };

    test('an honest judge passes: TPR and TNR with Wilson intervals, and the record is written', async () => {
      honest = true;
      const r = await run('judge', 'calibrate', '--llm', 'judge.yaml', '--out', 'honest.json');
      expect(r.code).toBe(EXIT.ok);
      expect(r.out).toMatch(/TPR 80\/80 {2}1\.000 {2}\(Wilson 95% 95\.4%-100\.0%\)/);
      expect(r.out).toMatch(/TNR 45\/45 {2}1\.000 {2}\(Wilson 95% 92\.1%-100\.0%\)/);
      expect(r.out).toContain('PASS');
      const record = parseCalibrationRecord(
        readFileSync(join(dir, 'honest.json'), 'utf8'),
        'honest.json',
      );
      expect(record.passed).toBe(true);
      expect(record.judge).toMatchObject({ provider: 'openai', model: 'gpt-5.4' });
      // The key never reaches the record or the output.
      expect(readFileSync(join(dir, 'honest.json'), 'utf8')).not.toContain('sk-test-judge-key');
    }, 300_000);

    test('a judge that calls everything equivalent fails on TNR (exit 1), and eval run refuses it', async () => {
      honest = false;
      const r = await run('judge', 'calibrate', '--llm', 'judge.yaml', '--out', 'lenient.json');
      expect(r.code).toBe(EXIT.failed);
      expect(r.out).toMatch(/TNR 0\/45/);
      expect(r.out).toContain('FAIL: TNR 0.000 below 0.900');
      const refused = await run(
        'eval',
        'run',
        '--cases',
        'chinook_010',
        '--roles',
        'admin',
        '--judge',
        'judge.yaml',
        '--judge-calibration',
        'lenient.json',
        '--max-cost',
        '1',
      );
      expect(refused.code).toBe(EXIT.config);
      expect(refused.err).toContain('TNR');
      const none = await run(
        'eval',
        'run',
        '--cases',
        'chinook_010',
        '--roles',
        'admin',
        '--judge',
        'judge.yaml',
        '--judge-calibration',
        'missing.json',
        '--max-cost',
        '1',
      );
      expect(none.code).toBe(EXIT.config);
      const uncapped = await run('eval', 'run', '--judge', 'judge.yaml');
      expect(uncapped.code).toBe(EXIT.usage);
      expect(uncapped.err).toContain('--max-cost');
    }, 300_000);

    test('eval run --judge with a passing record asks the judge where the tiers cannot decide', async () => {
      runQuestions.length = 0;
      const r = await run(
        'eval',
        'run',
        '--cases',
        'chinook_010,chinook_002',
        '--roles',
        'admin',
        '--judge',
        'judge.yaml',
        '--judge-calibration',
        'honest.json',
        '--max-cost',
        '1',
      );
      expect(r.code).toBe(EXIT.ok);
      // chinook_010's gold is one row: the judge confirms it; chinook_002's is five rows.
      expect(runQuestions).toHaveLength(1);
      expect(r.out).toMatch(
        /verdict \(3 tiers\)\s+2\/2 .* judge 1; judge wanted 1, asked 1 \(\$0\.\d{4}\), review 0/,
      );
      expect(r.out).toMatch(/dollars\s+\$0\.\d{4}/);
      expect(r.out).not.toMatch(/dollars\s+\$0\.0000/);
    }, 300_000);
  },
);
