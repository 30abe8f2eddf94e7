import { modelConfig } from '@nl2sql/llm';
import { REFERENCE_NODES, referenceConfig } from '@nl2sql/reference-engine';
import { defaultPlugins } from '@nl2sql/runner-plugins';
import { describe, expect, it } from 'vitest';
import { runEval } from '../src/index.js';
import { SUITE } from './suite-fixture.js';

/** The default plugins (@nl2sql/runner-plugins): the runner's own tests run with the real passes. */
const PLUGINS = await defaultPlugins();

// The runner never reconfigures an engine: a config built for another curated setting than
// the run's is refused before anything runs (decisions/runner-engines-built-for-the-run.md).
describe('a config built for another curated setting', () => {
  it('a run whose curated setting differs from the config it is given refuses to start', async () => {
    const llm = modelConfig('gpt-5.4', REFERENCE_NODES);
    const on = referenceConfig(llm, { datasources: [] });
    const off = referenceConfig(llm, { datasources: [], curated: false });
    try {
      // Mode plans runs without curated answers; an engine built with them would use them.
      await expect(
        runEval({ plugins: PLUGINS, suite: SUITE, configs: [on] }),
      ).rejects.toMatchObject({
        code: 'INVALID_OPTIONS',
        message: expect.stringContaining('curated answers on'),
      });
      await expect(
        runEval({ plugins: PLUGINS, suite: SUITE, mode: 'full', configs: [off], maxCostUsd: 1 }),
      ).rejects.toMatchObject({ code: 'INVALID_OPTIONS' });
      await expect(
        runEval({
          plugins: PLUGINS,
          suite: SUITE,
          mode: 'full',
          configs: [on],
          maxCostUsd: 1,
          curated: false,
        }),
      ).rejects.toMatchObject({ code: 'INVALID_OPTIONS' });
    } finally {
      await on.close();
      await off.close();
    }
  });
});
