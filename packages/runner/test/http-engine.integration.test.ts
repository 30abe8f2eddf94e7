// A system under test written in any language: the runner scores an HttpEngine exactly as
// it scores an in-process one. The service here answers from the suite's gold over HTTP.

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HttpEngine } from '@nl2sql/engine';
import { defaultPlugins } from '@nl2sql/runner-plugins';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runEval } from '../src/index.js';
import { FakeEngine } from './fake-engine.js';
import { SUITE } from './suite-fixture.js';

/** The default plugins (@nl2sql/runner-plugins): the runner's own tests run with the real passes. */
const PLUGINS = await defaultPlugins();

let server: Server;
let url: string;

beforeAll(async () => {
  const engine = new FakeEngine(SUITE, {
    override: {
      c2: () => ({ results: [{ columns: ['x'], rows: [['wrong']], truncated: false }] }),
    },
  });
  server = createServer((req, res) => {
    // A minimal service: no GET /describe, so the runner falls back to `unknown`.
    if (req.method !== 'POST') {
      res.writeHead(404).end();
      return;
    }
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', async () => {
      // This service does not describe itself (GET /describe is optional in the protocol).
      if (req.method !== 'POST') {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { code: 'INVALID_REQUEST', message: 'no such route' } }));
        return;
      }
      const request = JSON.parse(body);
      const answer = req.url?.endsWith('/retrieve')
        ? await engine.retrieve(request)
        : await engine.ask(request);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('runEval over HttpEngine', () => {
  it('scores a service over HTTP like an in-process engine', async () => {
    const report = await runEval({
      plugins: PLUGINS,
      suite: SUITE,
      configs: [{ name: 'http', engine: new HttpEngine({ url }) }],
      sqlChecks: false,
    });
    const failing = report.configs[0]?.cases
      .filter((r) => r.status !== 'pass')
      .map((r) => `${r.caseId}@${r.role}`);
    expect(failing).toEqual(['c2@analyst', 'c2@support']);
    expect(report.completedCases).toBe(10);
  });

  it('runs mode retrieval through /retrieve', async () => {
    const report = await runEval({
      plugins: PLUGINS,
      suite: SUITE,
      mode: 'retrieval',
      engine: new HttpEngine({ url }),
    });
    const m = report.configs[0]?.metrics;
    expect(m && 'retrieval' in m ? m.retrieval : null).toMatchObject({
      cases: 7,
      table_recall: 1,
      column_recall: 1,
    });
  });

  // The slim install (decisions/runner-passes.md): no parser, no SQLite, no judge.
  it('runs mode retrieval over HTTP with no plugin at all', async () => {
    const report = await runEval({
      suite: SUITE,
      mode: 'retrieval',
      engine: new HttpEngine({ url }),
    });
    const m = report.configs[0]?.metrics;
    expect(m && 'retrieval' in m ? m.retrieval : null).toMatchObject({ cases: 7, table_recall: 1 });
  });

  it('refuses mode plans over HTTP without the SQL parser, naming the option and the package', async () => {
    const run = runEval({
      suite: SUITE,
      configs: [{ name: 'http', engine: new HttpEngine({ url }) }],
      sqlChecks: false,
      evaluation: false,
    });
    await expect(run).rejects.toMatchObject({ name: 'RunnerError', code: 'MISSING_PLUGIN' });
    await expect(run).rejects.toThrow(/plugins\.sql .*@nl2sql\/sqlcheck.*@nl2sql\/runner-plugins/);
  });
});
