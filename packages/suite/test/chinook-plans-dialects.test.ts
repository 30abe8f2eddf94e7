// Issue 31: every Chinook gold plan compiles for each dialect the plan compiler writes, and
// what it writes is a query each dialect's static checks accept (it parses there, reads only
// the case's tables, and uses vetted functions only). Running them on the real engines is
// the four-engine test's part (test/cross-check-engines.integration.test.ts).
import { CHINOOK_SCHEMA, CHINOOK_SUITE_PATH } from '@nl2sql/datasets';
import { compilePlan, DIALECTS } from '@nl2sql/plan';
import { checkSafety } from '@nl2sql/sqlcheck';
import { describe, expect, it } from 'vitest';
import { isAnswerable, loadSuite } from '../src/index.js';

const suite = await loadSuite(CHINOOK_SUITE_PATH);
const answerable = suite.cases.filter(isAnswerable);

describe('every Chinook gold plan in every dialect', () => {
  it('has a plan on each of the 43 answerable cases', () => {
    expect(answerable).toHaveLength(43);
    expect(answerable.every((c) => c.plan !== undefined)).toBe(true);
  });

  for (const dialect of DIALECTS) {
    it(`${dialect}: compiles each plan with the catalog, and L3 passes what it wrote`, async () => {
      const refused: string[] = [];
      for (const c of answerable) {
        const sql = compilePlan(c.plan!, dialect, { catalog: CHINOOK_SCHEMA });
        const verdict = await checkSafety(sql, {
          dialect,
          allowedTables: c.tables,
          requireLimit: false,
        });
        if (!verdict.pass) {
          refused.push(`${c.id}: ${verdict.violations.map((v) => v.message).join('; ')}\n${sql}`);
        }
      }
      expect(refused).toEqual([]);
    }, 60_000);
  }
});
