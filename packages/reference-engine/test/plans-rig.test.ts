import { CHINOOK_POLICIES, CHINOOK_SUITE_PATH, chinookForTests } from '@nl2sql/datasets';
import { openSqlite } from '@nl2sql/datasource-sqlite';
import { loadSuite } from '@nl2sql/suite';
import { describe, expect, it } from 'vitest';
import { plansEngine } from '../src/plans-rig.js';
import { REFERENCE_NODES } from '../src/reference-nodes.js';

// The runtime test reads the real Chinook database; it skips, with the reason printed, where
// the documented lookup cannot find it (never under CI, where a missing database fails).
const chinook = await chinookForTests();

describe.skipIf(chinook.path === undefined)('plansEngine', () => {
  it('is the reference engine on a gold-plan fake server, built for mode plans, billing nothing', async () => {
    const suite = await loadSuite(CHINOOK_SUITE_PATH);
    const datasource = await openSqlite(chinook.path as string);
    const rig = await plansEngine(suite, {
      datasources: [{ id: 'chinook', datasource }],
      policy: CHINOOK_POLICIES,
    });
    try {
      expect(rig.name).toBe('plans');
      expect(rig.curated).toBe(false);
      expect(rig.engine.useCurated).toBe(false);
      expect(rig.engine.usePlanCache).toBe(false);
      expect(rig.engine.revealRefusedTable).toBe(false);
      expect(Object.keys(rig.llm.nodes)).toEqual([...REFERENCE_NODES]);
      const c = suite.cases.find((x) => x.id === 'chinook_001');
      if (!c) throw new Error('no chinook_001');
      const reply = await rig.engine.ask({ question: c.question, role: 'admin' });
      expect(reply.status).toBe('success');
      expect(reply.usage.length).toBeGreaterThan(0);
      expect(reply.usage.every((u) => u.input === 0 && u.output === 0)).toBe(true);
      const refused = await rig.engine.ask({ question: c.question, role: 'catalog' });
      expect(c.outcome.catalog).toBe('refused');
      expect(refused.error?.code).toBe('SECURITY_VIOLATION');
    } finally {
      await rig.close();
      await datasource.close();
    }
    // close() stopped the fake server: nothing answers there any more.
    await expect(
      fetch(`${rig.server.openaiUrl}/chat/completions`, { method: 'POST' }),
    ).rejects.toThrow();
  });
});
