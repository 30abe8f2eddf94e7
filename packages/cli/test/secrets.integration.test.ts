// Secrets are never stored or printed: a run with a planted secret (an LLM key named by
// `${env:...}`, an --engine URL's password) against servers that echo it back in error
// bodies, SQL and answers; then every byte the run wrote (stdout, stderr, journal, saved
// report, records, pages) is searched for it, in every form it travels in.
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHINOOK_SUITE_PATH, chinookForTests } from '@nl2sql/datasets';
import { FakeLLMServer } from '@nl2sql/llm';
import {
  goldPlanResponder,
  PLANNER_SCHEMA_NAME,
  SYNTHESIZER_SCHEMA_NAME,
} from '@nl2sql/reference-engine';
import { loadSuite } from '@nl2sql/suite';
import { describe, expect, test } from 'vitest';
import { EXIT, main } from '../src/index.js';
import { startEngineServer } from './engine-server.js';
import { captureIo } from './io-capture.js';

// Tests that read the real Chinook database skip, with the reason printed, where the
// documented lookup cannot find it (never under CI, where a missing database is a failure).
const chinook = await chinookForTests();
const noChinook = chinook.path === undefined;

/** Every file under `dir`, read whole. */
function everyFile(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) for (const [p, t] of everyFile(path)) out.set(p, t);
    else out.set(path, readFileSync(path, 'utf8'));
  }
  return out;
}

/** The forms a secret travels in: as is, URL-encoded, and base64 (as in a Basic header). */
function formsOf(secret: string): string[] {
  const b64 = Buffer.from(secret, 'utf8').toString('base64');
  return [secret, encodeURIComponent(secret), b64, b64.replace(/=+$/, '')];
}

function expectNowhere(secrets: readonly string[], written: ReadonlyMap<string, string>) {
  for (const secret of secrets) {
    for (const form of formsOf(secret)) {
      for (const [where, text] of written) {
        expect(text.includes(form), `${JSON.stringify(form)} in ${where}`).toBe(false);
      }
    }
  }
}

function workspace(): { dir: string; readme: string } {
  const dir = mkdtempSync(join(tmpdir(), 'nl2sql-secrets-'));
  const readme = join(dir, 'README.md');
  writeFileSync(readme, '# r\n\n<!-- nl2sql:results:start -->\n<!-- nl2sql:results:end -->\n');
  return { dir, readme };
}

describe('secrets never stored', () => {
  test.skipIf(noChinook)(
    'an --engine URL password the engine echoes in its errors, SQL and description',
    async () => {
      const password = 'PLANTEDpw9x7Qm2';
      const engine = await startEngineServer(
        () => ({
          status: 'error',
          sql: `SELECT '${password}' AS echoed`,
          results: [],
          answer: null,
          error: { code: 'INTERNAL_ERROR', message: `bad credentials alice:${password}` },
          usage: [],
          trace: {},
        }),
        { describe: { name: `svc-${password}`, version: '1.0' } },
      );
      const { dir } = workspace();
      try {
        const url = engine.url.replace('http://', `http://alice:${password}@`);
        const journal = join(dir, 'run.jsonl');
        const saved = join(dir, 'report.json');
        const run = captureIo({ cwd: dir });
        const args = ['eval', 'run', '--cases', 'chinook_001', '--engine', url, '--name', 'svc'];
        const code = await main([...args, '--journal', journal, '--save', saved], run.io);
        // Every ask an engine error: nothing was scored (exit 3), and the line saying so
        // quotes the engine's message, masked like everything else.
        expect(code, run.err()).toBe(EXIT.config);
        expect(run.err()).toContain('scored nothing');
        expect(run.err()).toContain('first: chinook_001: bad credentials [redacted]');
        expect(run.out()).toContain('[redacted]');
        const publish = captureIo({ cwd: dir });
        expect(await main(['eval', 'publish', saved], publish.io)).toBe(EXIT.ok);
        const written = everyFile(dir);
        expect([...written.keys()].some((p) => p.includes('/benchmarks/engine/chinook/'))).toBe(
          true,
        );
        written.set('stdout', run.out() + publish.out());
        written.set('stderr', run.err() + publish.err());
        expectNowhere([password, `alice:${password}`], written);
      } finally {
        await engine.close();
      }
    },
    120_000,
  );

  test.skipIf(noChinook)(
    'an LLM key an llm file names by env, which the model echoes in error bodies and answers',
    async () => {
      const key = 'PLANTEDkey7Hq3Wz9';
      const suite = await loadSuite(CHINOOK_SUITE_PATH);
      const gold = goldPlanResponder(suite);
      const server = new FakeLLMServer({
        usage: { input: 100, cached: 0, cacheWrite: 0, output: 10, reasoning: 0 },
        answers: {
          ...gold,
          // The model writes the key it was sent into its answer, quoted like a name.
          [SYNTHESIZER_SCHEMA_NAME]: (request) => ({
            answer: `Your key is "${String(request.headers.authorization).replace('Bearer ', '')}".`,
          }),
        },
      });
      await server.start();
      // The planner's first call is refused with a body that echoes the key.
      server.fault(
        {
          kind: 'status',
          status: 401,
          body: (request) => `Incorrect API key provided: ${String(request.headers.authorization)}`,
        },
        { schemaName: PLANNER_SCHEMA_NAME },
      );
      const { dir } = workspace();
      try {
        const llmFile = join(dir, 'planted.yaml');
        writeFileSync(
          llmFile,
          [
            'name: planted',
            'model: gpt-5.4',
            'providers:',
            '  openai:',
            `    base_url: ${server.openaiUrl}`,
            // biome-ignore lint/suspicious/noTemplateCurlyInString: the llm file's own syntax
            '    api_key: ${env:PLANTED_KEY}',
            '    max_retries: 0',
            '',
          ].join('\n'),
        );
        const journal = join(dir, 'run.jsonl');
        const saved = join(dir, 'report.json');
        const run = captureIo({ cwd: dir, env: { PLANTED_KEY: key } });
        const args = ['eval', 'run', '--mode', 'full', '--llm', llmFile, '--max-cost', '5'];
        const selection = ['--cases', 'chinook_001,chinook_002', '--roles', 'admin'];
        const code = await main(
          [...args, ...selection, '--journal', journal, '--save', saved, '--json'],
          run.io,
        );
        expect(code, run.err()).toBe(EXIT.ok);
        const { report } = JSON.parse(run.out()) as {
          report: { configs: { cases: { error: { message: string } | null; scores: object }[] }[] };
        };
        const cases = report.configs[0]?.cases ?? [];
        // The echoes happened, and were masked.
        expect(
          cases.some((c) =>
            c.error?.message.includes('Incorrect API key provided: Bearer [redacted]'),
          ),
        ).toBe(true);
        expect(JSON.stringify(cases)).toContain('[redacted]');
        const publish = captureIo({ cwd: dir });
        expect(await main(['eval', 'publish', saved], publish.io)).toBe(EXIT.ok);
        const written = everyFile(dir);
        written.delete(llmFile); // the user's own config names the variable, not the key
        written.set('stdout', run.out() + publish.out());
        written.set('stderr', run.err() + publish.err());
        expectNowhere([key], written);
      } finally {
        await server.close();
      }
    },
    120_000,
  );
});
