import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHINOOK_CALIBRATION_PATH, CHINOOK_SUITE_PATH, chinookForTests } from '@nl2sql/datasets';
import {
  JUDGE_OUTPUT_NAME,
  loadCalibrationSet,
  parseCalibrationRecord,
  promptSection,
} from '@nl2sql/judge';
import { FakeLLMServer, type FakeRequest } from '@nl2sql/llm';
import { loadSuite, writeSuite } from '@nl2sql/suite';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { EXIT, main } from '../src/index.js';
import { startEngineServer } from './engine-server.js';
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

    test('a judged-equivalent disagreement becomes an alt_sql proposal beside the suite, and the case still fails', async () => {
      const chinookSuite = await loadSuite(CHINOOK_SUITE_PATH);
      const suitePath = join(dir, 'mini.yaml');
      await writeSuite(suitePath, {
        ...chinookSuite,
        name: 'mini',
        cases: chinookSuite.cases.filter((c) => c.id === 'chinook_011'),
      });
      const wrong = 'SELECT COUNT(c.Country) AS countries FROM Customer c';
      const engine = await startEngineServer(() => ({
        status: 'success',
        sql: wrong,
        results: [{ columns: ['countries'], rows: [[59]], truncated: false }],
        answer: null,
        error: null,
        usage: [],
        trace: {},
      }));
      try {
        const args = [
          'eval',
          'run',
          '--suite',
          'mini.yaml',
          '--engine',
          engine.url,
          '--roles',
          'admin',
          '--judge',
          'judge.yaml',
          '--judge-calibration',
          'honest.json',
          '--max-cost',
          '1',
        ];
        const r = await run(...args);
        expect(r.code).toBe(EXIT.ok);
        expect(r.out).toMatch(/accuracy strict\s+0\/1/);
        expect(r.out).toContain('Proposed alternative golds, for review (1):');
        expect(r.out).toContain(`chinook_011 as admin: ${wrong}`);
        expect(r.err).toMatch(
          /review queue .*mini\.proposals\.yaml: 1 new alt_sql proposal\(s\), 1 in all/,
        );
        const queue = readFileSync(join(dir, 'mini.proposals.yaml'), 'utf8');
        expect(queue).toContain('case_id: chinook_011');
        expect(queue).toContain(wrong);
        // A second run proposes the same SQL: nothing new, nothing lost.
        const again = await run(...args);
        expect(again.err).toMatch(/0 new alt_sql proposal\(s\), 1 in all/);
        expect(readFileSync(join(dir, 'mini.proposals.yaml'), 'utf8')).toBe(queue);
        // The suite itself is untouched: approving is a person's step.
        expect((await loadSuite(suitePath)).cases[0]?.alt_sql).toBeUndefined();
      } finally {
        await engine.close();
      }
    }, 300_000);
  },
);

describe('nl2sql judge calibrate: what needs no database comes before --db is opened', () => {
  const KEY = { OPENAI_API_KEY: 'sk-test-not-used' };
  async function calibrate(cwd: string, env: Record<string, string>, ...args: string[]) {
    const c = captureIo({ cwd, env });
    const code = await main(['judge', 'calibrate', ...args], c.io);
    return { code, out: c.out(), err: c.err() };
  }

  test('labels that are not a calibration set, a judge without its key, an --out folder: exit 3 each, the database missing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nl2sql-judge-nodb-'));
    const gone = join(dir, 'gone.sqlite');
    writeFileSync(join(dir, 'labels.yaml'), 'pairs: 3\n');
    const labels = await calibrate(
      dir,
      KEY,
      '--llm',
      'gpt-5.4',
      '--db',
      gone,
      '--labels',
      'labels.yaml',
    );
    expect(labels.code).toBe(EXIT.config);
    expect(labels.err).toContain(join(dir, 'labels.yaml'));
    expect(labels.err).not.toContain(gone);
    const keyless = await calibrate(dir, {}, '--llm', 'gpt-5.4', '--db', gone);
    expect(keyless.code).toBe(EXIT.config);
    expect(keyless.err).toContain('OPENAI_API_KEY');
    expect(keyless.err).not.toContain(gone);
    const out = await calibrate(dir, KEY, '--llm', 'gpt-5.4', '--db', gone, '--out', dir);
    expect(out.code).toBe(EXIT.config);
    expect(out.err).toBe(`nl2sql: --out: ${dir} is a folder, not a file`);
    // Everything else in order: the missing database is what is reported, nothing written.
    const db = await calibrate(dir, KEY, '--llm', 'gpt-5.4', '--db', gone);
    expect(db.code).toBe(EXIT.config);
    expect(db.err).toBe(`nl2sql: --db ${gone}: no such file`);
  });
});
