// Compile-time guard: the datasource adapter's introspected schema stays usable wherever a
// plan is validated, without this pure package importing the adapter. tsc (pnpm lint)
// checks the assertions; the runtime test checks a real introspection validates a plan.
import { CHINOOK_TABLES, chinookForTests } from '@nl2sql/datasets';
import type { DatabaseSchema } from '@nl2sql/datasource';
import { openSqlite } from '@nl2sql/datasource-sqlite';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { type PlanCatalog, validatePlan } from '../src/index.js';

// The runtime test reads the real Chinook database; it skips, with the reason printed, where
// the documented lookup cannot find it (never under CI, where a missing database fails).
const chinook = await chinookForTests();

describe('PlanCatalog', () => {
  it("is satisfied by @nl2sql/datasource's DatabaseSchema", () => {
    expectTypeOf<DatabaseSchema>().toExtend<PlanCatalog>();
    expectTypeOf<DatabaseSchema['tables'][number]>().toExtend<PlanCatalog['tables'][number]>();
  });

  it.skipIf(chinook.path === undefined)('takes what introspection returns as is', async () => {
    const datasource = await openSqlite(chinook.path as string);
    try {
      const schema: DatabaseSchema = await datasource.introspect({ rowCounts: false });
      expect(schema.tables.map((t) => t.name).sort()).toEqual([...CHINOOK_TABLES].sort());
      const plan = {
        select: [{ expr: { kind: 'column', table: 'Album', column: 'Title' } }],
        from: { table: 'Album' },
      };
      expect(validatePlan(plan, schema)).toEqual([]);
    } finally {
      await datasource.close();
    }
  });
});
