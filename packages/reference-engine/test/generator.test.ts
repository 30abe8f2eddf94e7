import type { PlanModel } from '@nl2sql/plan';
import { describe, expect, it } from 'vitest';
import { generateSql, planDialect } from '../src/generator.js';

const plan: PlanModel = {
  select: [{ expr: { kind: 'column', table: 'a', column: 'Title' } }],
  from: { table: 'Album', alias: 'a' },
};

describe('generateSql', () => {
  it("caps a plan without LIMIT at maxRows + 1 and keeps a plan's own LIMIT", () => {
    expect(generateSql(plan, 'sqlite', 1000)).toMatch(/LIMIT 1001$/);
    expect(generateSql({ ...plan, limit: 5 }, 'sqlite', 1000)).toMatch(/LIMIT 5$/);
  });

  it('maps datasource engines to dialects', () => {
    expect(planDialect('sqlite')).toBe('sqlite');
    expect(planDialect('PostgreSQL')).toBe('postgres');
    expect(planDialect('mysql')).toBe('mysql');
    expect(planDialect('MariaDB')).toBe('mysql');
    expect(planDialect('duckdb')).toBe('duckdb');
    expect(() => planDialect('oracle')).toThrow(/oracle/);
  });
});
