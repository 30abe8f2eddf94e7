import { defaultPlugins } from '@nl2sql/runner-plugins';
import { describe, expect, it } from 'vitest';
import { runEval } from '../src/index.js';
import { FakeEngine } from './fake-engine.js';
import { SUITE } from './suite-fixture.js';

/** The default plugins (@nl2sql/runner-plugins): the runner's own tests run with the real passes. */
const PLUGINS = await defaultPlugins();

describe('suspect case runs', () => {
  it('a pass whose SQL is a constant query, where the gold reads a table, is counted and says why', async () => {
    const engine = new FakeEngine(SUITE, {
      override: {
        // The right rows, hard-coded: no table is read.
        c1: () => ({ sql: "SELECT 'AC/DC' AS Name UNION ALL SELECT 'Accept'" }),
        // Reads a table, but every value is a literal: the table only decides the row count.
        c2: () => ({ sql: "SELECT 1, 'Rock', 12.5 FROM Genre LIMIT 1" }),
      },
    });
    const report = await runEval({
      plugins: PLUGINS,
      suite: SUITE,
      engine,
      cases: ['c1', 'c2', 'c3'],
    });
    const runs = report.configs[0]?.cases ?? [];
    expect(runs.map((r) => [r.caseId, r.role, r.status, r.suspect !== null])).toEqual([
      ['c1', 'analyst', 'pass', true],
      ['c1', 'support', 'pass', true],
      ['c2', 'analyst', 'pass', true],
      ['c2', 'support', 'pass', true],
      ['c3', 'analyst', 'pass', false],
      ['c3', 'support', 'pass', false],
    ]);
    expect(runs[0]?.suspect).toContain(
      'the gold reads Artist, but the SQL that answered is a constant query (reads-no-table)',
    );
    expect(runs[2]?.suspect).toContain('(constant-values)');
    expect(runs[0]?.scores.sql_checks?.detail.diagnostics).toEqual([
      expect.objectContaining({ rule: 'constant_query', reason: 'reads-no-table' }),
    ]);
    const m = report.configs[0]?.metrics;
    expect(m && 'suspect' in m ? m.suspect : null).toEqual({ count: 4, total: 6, rate: 4 / 6 });
  });

  it('a failing constant query is a failure, not suspect; a gold that reads no table makes none', async () => {
    const engine = new FakeEngine(SUITE, {
      override: {
        c1: () => ({
          sql: "SELECT 'nope'",
          results: [{ columns: ['x'], rows: [['nope']], truncated: false }],
        }),
      },
    });
    const report = await runEval({
      plugins: PLUGINS,
      suite: SUITE,
      engine,
      cases: ['c1'],
      roles: ['analyst'],
    });
    expect(report.configs[0]?.cases[0]).toMatchObject({ status: 'fail', suspect: null });
    const noTables = {
      ...SUITE,
      cases: SUITE.cases.map((c) => (c.id === 'c1' ? { ...c, tables: [], columns: [] } : c)),
    };
    const constant = new FakeEngine(noTables, {
      override: { c1: () => ({ sql: "SELECT 'AC/DC' UNION ALL SELECT 'Accept'" }) },
    });
    const plain = await runEval({
      plugins: PLUGINS,
      suite: noTables,
      engine: constant,
      cases: ['c1'],
      roles: ['analyst'],
    });
    expect(plain.configs[0]?.cases[0]).toMatchObject({ status: 'pass', suspect: null });
  });
});
