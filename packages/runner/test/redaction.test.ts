// Secrets never stored: what an engine or a model echoes back (a key in an error body, in
// its SQL, in its answer) is masked before it reaches a case result, an event or the journal.

import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { modelConfig, Redactor, Secret } from '@nl2sql/llm';
import { REFERENCE_NODES } from '@nl2sql/reference-engine';
import { defaultPlugins } from '@nl2sql/runner-plugins';
import { describe, expect, it } from 'vitest';
import { type RunEvent, runEval, runReportJson } from '../src/index.js';
import { FakeEngine } from './fake-engine.js';
import { SUITE } from './suite-fixture.js';

/** The default plugins (@nl2sql/runner-plugins): the runner's own tests run with the real passes. */
const PLUGINS = await defaultPlugins();

const PLANTED = 'PLANTEDkey0x5Fq9Zr';

describe('secrets in what an engine answers', () => {
  it('a config’s own key is masked everywhere the run writes or emits, without being told', async () => {
    const llm = modelConfig('gpt-5.4', REFERENCE_NODES);
    llm.providers.openai = { apiKey: new Secret(PLANTED) };
    const engine = new FakeEngine(SUITE, {
      override: {
        c1: () => ({
          status: 'error',
          results: [],
          sql: `SELECT '${PLANTED}' AS leaked`,
          error: { code: 'LLM_ERROR', message: `HTTP 401: Incorrect API key provided: ${PLANTED}` },
        }),
      },
    });
    const journal = join(mkdtempSync(join(tmpdir(), 'redact-')), 'run.jsonl');
    const events: RunEvent[] = [];
    const report = await runEval({
      plugins: PLUGINS,
      suite: SUITE,
      mode: 'full',
      configs: [{ name: 'gpt', engine, llm }],
      maxCostUsd: 1,
      cases: ['c1', 'c2'],
      journal,
      onEvent: (e) => events.push(e),
    });
    const c1 = report.configs[0]?.cases[0];
    expect(c1?.error?.message).toBe('HTTP 401: Incorrect API key provided: [redacted]');
    expect(c1?.sql).toBe("SELECT '[redacted]' AS leaked");
    for (const written of [
      JSON.stringify(runReportJson(report)),
      JSON.stringify(events),
      readFileSync(journal, 'utf8'),
    ]) {
      expect(written).not.toContain(PLANTED);
    }
  });

  it('a caller’s redactor masks the secrets it knows (an engine credential)', async () => {
    const engine = new FakeEngine(SUITE, {
      override: { c1: () => ({ answer: 'x', error: null, sql: 'SELECT 1 -- hunter2-pw-91' }) },
    });
    const report = await runEval({
      plugins: PLUGINS,
      suite: SUITE,
      engine,
      cases: ['c1'],
      roles: ['analyst'],
      redactor: new Redactor(['hunter2-pw-91']),
    });
    expect(report.configs[0]?.cases[0]?.sql).toBe('SELECT 1 -- [redacted]');
  });
});
