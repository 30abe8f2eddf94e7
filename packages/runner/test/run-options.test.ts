import { modelConfig } from '@nl2sql/llm';
import { describe, expect, it } from 'vitest';
import { referenceConfig, runEval } from '../src/index.js';
import { SUITE } from './suite-fixture.js';

// The engines are built for an eval run at construction; the runner never flips them.
describe('referenceConfig', () => {
  it('builds curated answers on in the engine, off on the generated path, plan cache off in both', async () => {
    const config = referenceConfig(modelConfig('gpt-5.4'), { datasources: [] });
    try {
      expect(config.curated).toBe(true);
      expect(config.engine.useCurated).toBe(true);
      expect(config.generated.useCurated).toBe(false);
      for (const engine of [config.engine, config.generated]) {
        expect(engine.usePlanCache).toBe(false);
        expect(engine.revealRefusedTable).toBe(false);
      }
    } finally {
      await config.close();
    }
  });

  it('builds curated answers off when the setup says so', async () => {
    const config = referenceConfig(modelConfig('gpt-5.4'), { datasources: [], curated: false });
    try {
      expect(config.curated).toBe(false);
      expect(config.engine.useCurated).toBe(false);
      expect(config.generated.useCurated).toBe(false);
    } finally {
      await config.close();
    }
  });

  it('a run whose curated setting differs from the config it is given refuses to start', async () => {
    const on = referenceConfig(modelConfig('gpt-5.4'), { datasources: [] });
    const off = referenceConfig(modelConfig('gpt-5.4'), { datasources: [], curated: false });
    try {
      // Mode plans runs without curated answers; an engine built with them would use them.
      await expect(runEval({ suite: SUITE, configs: [on] })).rejects.toMatchObject({
        code: 'INVALID_OPTIONS',
        message: expect.stringContaining('curated answers on'),
      });
      await expect(
        runEval({ suite: SUITE, mode: 'full', configs: [off], maxCostUsd: 1 }),
      ).rejects.toMatchObject({ code: 'INVALID_OPTIONS' });
      await expect(
        runEval({ suite: SUITE, mode: 'full', configs: [on], maxCostUsd: 1, curated: false }),
      ).rejects.toMatchObject({ code: 'INVALID_OPTIONS' });
    } finally {
      await on.close();
      await off.close();
    }
  });
});
