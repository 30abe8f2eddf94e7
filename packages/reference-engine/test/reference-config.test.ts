import { CHINOOK_POLICIES } from '@nl2sql/datasets';
import { modelConfig } from '@nl2sql/llm';
import { describe, expect, it } from 'vitest';
import { referenceConfig } from '../src/reference-config.js';
import { REFERENCE_NODES } from '../src/reference-nodes.js';

// The engines are built for an eval run at construction; nobody flips them afterwards.
describe('referenceConfig', () => {
  const llm = modelConfig('gpt-5.4', REFERENCE_NODES);

  it('builds curated answers on in the engine, off on the generated path, plan cache off in both', async () => {
    const config = referenceConfig(llm, { datasources: [], policy: CHINOOK_POLICIES });
    try {
      expect(config.name).toBe('gpt-5.4');
      expect(config.llm).toBe(llm);
      expect(config.curated).toBe(true);
      expect(config.engine.useCurated).toBe(true);
      expect(config.generated.useCurated).toBe(false);
      for (const engine of [config.engine, config.generated]) {
        expect(engine.usePlanCache).toBe(false);
        expect(engine.revealRefusedTable).toBe(false);
        expect((await engine.describe()).settings).toMatchObject({
          usePlanCache: false,
          revealRefusedTable: false,
          policy: true,
        });
      }
    } finally {
      await config.close();
    }
  });

  it('builds curated answers off when the setup says so', async () => {
    const config = referenceConfig(llm, { datasources: [], curated: false });
    try {
      expect(config.curated).toBe(false);
      expect(config.engine.useCurated).toBe(false);
      expect(config.generated.useCurated).toBe(false);
    } finally {
      await config.close();
    }
  });

  it("reports its LLM client's models per node in describe()", async () => {
    const config = referenceConfig(llm, { datasources: [] });
    try {
      const { models } = await config.engine.describe();
      expect(Object.keys(models ?? {})).toEqual([...REFERENCE_NODES]);
      expect(models?.planner).toBe('openai:gpt-5.4');
    } finally {
      await config.close();
    }
  });
});
