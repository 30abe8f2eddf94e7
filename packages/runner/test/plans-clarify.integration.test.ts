// Mode plans on the clarify suite: the reference engine on the gold-plan fake LLM asks back
// for every ambiguous Chinook question (its planner answers from clarify_reason), so the
// suite runs with no model; its trajectory is on the record, and a dated question's SQL runs
// with the case's date for 'now'.

import {
  CHINOOK_CLARIFY_SUITE_PATH,
  CHINOOK_POLICIES,
  CHINOOK_SUITE_PATH,
  chinookForTests,
} from '@nl2sql/datasets';
import { openSqlite } from '@nl2sql/datasource-sqlite';
import { validateRecord } from '@nl2sql/records';
import { clarifyQuestion, plansEngine } from '@nl2sql/reference-engine';
import { defaultPlugins } from '@nl2sql/runner-plugins';
import { loadSuite } from '@nl2sql/suite';
import { describe, expect, it } from 'vitest';
import { databaseIdentity, reportRecords, runEval } from '../src/index.js';

/** The default plugins (@nl2sql/runner-plugins): the runner's own tests run with the real passes. */
const PLUGINS = await defaultPlugins();

const chinook = await chinookForTests();

describe.skipIf(chinook.path === undefined)('mode plans on the clarify suite', () => {
  it('clarifies every ambiguous question for every role, and records it', async () => {
    const suite = await loadSuite(CHINOOK_CLARIFY_SUITE_PATH);
    const datasource = await openSqlite(chinook.path as string);
    const rig = await plansEngine(suite, {
      datasources: [{ id: 'chinook', datasource, description: 'A digital music store.' }],
      policy: CHINOOK_POLICIES,
    });
    try {
      const report = await runEval({
        plugins: PLUGINS,
        suite,
        engine: rig.engine,
        mode: 'plans',
        policy: CHINOOK_POLICIES,
        database: await databaseIdentity('chinook', datasource),
        sqlChecks: { dialect: 'sqlite' },
      });
      const board = report.configs[0];
      if (!board) throw new Error('no board');
      expect(board.cases.filter((r) => r.status !== 'pass').map((r) => r.explanation)).toEqual([]);
      const first = board.cases[0];
      expect(first?.clarify).toEqual({
        verdict: 'clarified',
        question: clarifyQuestion(suite.cases[0]?.clarify_reason as string),
      });
      // The engine's own trajectory: the retriever's schema search, no SQL run.
      expect(first?.trajectory).toMatchObject({
        executions: 0,
        schema_calls: 1,
        unsafe_step: null,
      });
      const planned = suite.cases.reduce((n, c) => n + Object.keys(c.outcome).length, 0);
      expect(board.metrics).toMatchObject({
        clarify: { expected: planned, clarified: planned, guessed: 0, asked_needlessly: 0 },
      });
      const [record] = reportRecords(report, {
        engineVersion: '0.0.0',
        git: { commit: 'unknown', shortSha: 'unknown', dirty: 'unknown', root: null },
      });
      if (!record) throw new Error('no record');
      expect(validateRecord(record, 'clarify record')).toBe(record);
    } finally {
      await rig.close();
      await datasource.close();
    }
  }, 120_000);

  it("runs a dated question's SQL with its as_of_date for 'now'", async () => {
    const main = await loadSuite(CHINOOK_SUITE_PATH);
    const base = main.cases.find((c) => c.id === 'chinook_010');
    if (!base?.plan) throw new Error('no chinook_010');
    // The gold plan with the time value 'now' selected beside the count.
    const plan = {
      ...base.plan,
      select: [
        { expr: { kind: 'literal' as const, value: 'now' }, alias: 'today' },
        ...base.plan.select,
      ],
    };
    const dated = {
      ...base,
      id: 'dated',
      question: 'As of today, how many heavy metal tracks?',
      plan,
    };
    const datasource = await openSqlite(chinook.path as string);
    const rig = await plansEngine(
      { cases: [dated] },
      {
        datasources: [{ id: 'chinook', datasource, description: 'A digital music store.' }],
        policy: CHINOOK_POLICIES,
      },
    );
    try {
      const ask = (as_of_date?: string) =>
        rig.engine.ask({
          question: dated.question,
          role: 'admin',
          ...(as_of_date ? { as_of_date } : {}),
        });
      const frozen = await ask('2013-12-31');
      expect(frozen.status).toBe('success');
      expect(frozen.results[0]?.rows[0]?.[0]).toBe('2013-12-31');
      expect(frozen.sql).toContain("'2013-12-31'");
      // Its trajectory: the schema search, then the one statement it ran, with its rows.
      expect(frozen.trajectory).toEqual([
        { kind: 'schema', call: 'retrieve', target: 'chinook' },
        { kind: 'sql', sql: frozen.sql, row_count: 1, error: null },
      ]);
      // Without a date, 'now' is left to the database.
      expect((await ask()).results[0]?.rows[0]?.[0]).toBe('now');
    } finally {
      await rig.close();
      await datasource.close();
    }
  }, 120_000);
});
