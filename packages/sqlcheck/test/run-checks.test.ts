import { describe, expect, it } from 'vitest';
import { runChecks } from '../src/index.js';
import { BENIGN_CHINOOK } from './fixtures/chinook-corpus.js';
import { BENIGN_CHINOOK_POSTGRES } from './fixtures/chinook-postgres-corpus.js';
import { CHINOOK } from './fixtures/chinook-schema.js';

describe('runChecks on the benign Chinook corpus', () => {
  it('has at least 60 queries', () => {
    expect(BENIGN_CHINOOK.length).toBeGreaterThanOrEqual(60);
  });
  for (const sql of BENIGN_CHINOOK) {
    it(`passes L1-L3: ${sql.replace(/\s+/g, ' ').slice(0, 70)}`, async () => {
      const r = await runChecks(sql, {
        dialect: 'sqlite',
        schema: CHINOOK,
        maxLimit: 1000,
        allowedTables: CHINOOK.tables.map((t) => t.name),
      });
      expect(r.levels.flatMap((l) => l.violations)).toEqual([]);
      expect(r.pass).toBe(true);
    });
  }
});

describe('runChecks on PostgreSQL-flavoured Chinook queries', () => {
  for (const sql of BENIGN_CHINOOK_POSTGRES) {
    it(`passes L1-L3: ${sql.slice(0, 70)}`, async () => {
      const r = await runChecks(sql, {
        dialect: 'postgres',
        schema: CHINOOK,
        allowedTables: CHINOOK.tables.map((t) => t.name),
      });
      expect(r.levels.flatMap((l) => l.violations)).toEqual([]);
    });
  }
});

describe('runChecks report shape', () => {
  it('reports each level with its rule names and fails when any level fails', async () => {
    const r = await runChecks('SELECT Foo FROM Album', { dialect: 'sqlite', schema: CHINOOK });
    expect(r.pass).toBe(false);
    expect(r.levels.map((l) => [l.level, l.name, l.pass])).toEqual([
      ['L1', 'syntax', true],
      ['L2', 'schema', false],
      ['L3', 'safety', false],
    ]);
    expect(r.levels[1].violations.map((v) => v.rule)).toEqual(['unknown-column']);
    expect(r.levels[2].violations.map((v) => v.rule)).toEqual(['limit-missing']);
  });

  it('skips L2 without a schema and marks L2 not checked when L1 fails', async () => {
    const a = await runChecks('SELECT 1 LIMIT 1', { dialect: 'postgres' });
    expect(a.levels[1]).toMatchObject({ skipped: true, pass: true });
    expect(a.pass).toBe(true);
    const b = await runChecks('SELEC x', { dialect: 'postgres', schema: CHINOOK });
    expect(b.levels[0].violations[0]?.rule).toBe('not-a-query');
    expect(b.levels[1].violations[0]?.rule).toBe('not-checked');
    expect(b.levels[2].pass).toBe(false);
  });
});
