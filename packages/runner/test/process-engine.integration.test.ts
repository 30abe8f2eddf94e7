// A system under test run as a child process: the runner scores a ProcessEngine exactly as it
// scores an in-process or HTTP one, with several asks in flight whose replies come back in
// any order. The child answers from the suite's gold (fake-process-engine.ts).

import { fileURLToPath } from 'node:url';
import { ProcessEngine } from '@nl2sql/engine';
import { defaultPlugins } from '@nl2sql/runner-plugins';
import { afterAll, describe, expect, it } from 'vitest';
import { runEval } from '../src/index.js';
import { SUITE } from './suite-fixture.js';

/** The default plugins (@nl2sql/runner-plugins): the runner's own tests run with the real passes. */
const PLUGINS = await defaultPlugins();

const SCRIPT = fileURLToPath(new URL('./fake-process-engine.ts', import.meta.url));

const engine = new ProcessEngine({
  command: [process.execPath, '--conditions=@nl2sql/source', '--import', 'tsx', SCRIPT],
  onStderr: (line) => console.error(`[fake-process-engine] ${line}`),
});

afterAll(() => engine.close());

describe('runEval over ProcessEngine', () => {
  it('scores a child process like an in-process engine, named by its describe reply', async () => {
    await engine.start();
    const report = await runEval({
      plugins: PLUGINS,
      suite: SUITE,
      // The fixture suite's rows are written in (no database): the child's rows are its word.
      configs: [{ name: 'process', engine, external: true, trustReportedRows: true }],
      concurrency: 4,
      sqlChecks: false,
    });
    const failing = report.configs[0]?.cases
      .filter((r) => r.status !== 'pass')
      .map((r) => `${r.caseId}@${r.role}`);
    expect(failing).toEqual(['c2@analyst', 'c2@support']);
    expect(report.completedCases).toBe(10);
    expect(report.configs[0]?.engine).toMatchObject({
      name: 'fake-process-engine',
      version: '2.0.0',
    });
  });

  it('runs mode retrieval through retrieve requests', async () => {
    const report = await runEval({ plugins: PLUGINS, suite: SUITE, mode: 'retrieval', engine });
    const m = report.configs[0]?.metrics;
    expect(m && 'retrieval' in m ? m.retrieval : null).toMatchObject({
      cases: 7,
      table_recall: 1,
      column_recall: 1,
    });
  });
});
