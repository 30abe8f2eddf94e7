import { CHINOOK_SUITE_PATH, chinookForTests } from '@nl2sql/datasets';
import { openSqlite, type SqliteDatasource } from '@nl2sql/datasource-sqlite';
import { validateRecord } from '@nl2sql/records';
import { defaultPlugins } from '@nl2sql/runner-plugins';
import { type EvalCase, type EvalSuite, loadSuite } from '@nl2sql/suite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluateCase } from '../src/case-diagnostics.js';
import { type CaseResult, databaseIdentity, reportRecords, runEval } from '../src/index.js';
import type { CaseTask } from '../src/task-list.js';
import { SqlEngine } from './sql-engine.js';

/** The default plugins (@nl2sql/runner-plugins): the runner's own tests run with the real passes. */
const PLUGINS = await defaultPlugins();

const chinook = await chinookForTests();

// Wrong predictions of each error class, run on the real database.
const WRONG: Record<string, string> = {
  // the wrong genre: a filter value
  chinook_010:
    "SELECT COUNT(*) AS tracks FROM Track t JOIN Genre g ON g.GenreId = t.GenreId WHERE g.Name = 'Metal'",
  // COUNT(*) where the gold counts distinct countries: aggregation
  chinook_011: 'SELECT COUNT(c.Country) AS countries FROM Customer c',
  // a table that does not exist: the prediction did not run
  chinook_015: 'SELECT m.Name, COUNT(*) FROM Track t JOIN MediaTypes m USING (MediaTypeId)',
};

describe.skipIf(chinook.path === undefined)('diagnostics on every asked case run (Chinook)', () => {
  let suite: EvalSuite;
  let datasource: SqliteDatasource;
  let cases: CaseResult[];
  let report: Awaited<ReturnType<typeof runEval>>;

  beforeAll(async () => {
    suite = await loadSuite(CHINOOK_SUITE_PATH);
    datasource = await openSqlite(chinook.path!);
    report = await runEval({
      plugins: PLUGINS,
      suite,
      engine: new SqlEngine(suite, datasource, WRONG),
      mode: 'plans',
      roles: ['admin', 'catalog'],
      cases: [
        'chinook_002',
        'chinook_010',
        'chinook_011',
        'chinook_015',
        'chinook_021',
        'chinook_023',
        'chinook_044',
      ],
      database: await databaseIdentity('chinook', datasource),
      sqlChecks: { dialect: 'sqlite', schema: await datasource.introspect({ rowCounts: false }) },
      evaluation: { lookupTables: ['Genre', 'MediaType'] },
    });
    cases = [...(report.configs[0]?.cases ?? [])];
  }, 120_000);
  afterAll(async () => {
    await datasource?.close();
  });

  const one = (id: string, role = 'admin') => {
    const r = cases.find((c) => c.caseId === id && c.role === role);
    if (!r) throw new Error(`no case run ${id} as ${role}`);
    return r;
  };

  it('gives a passing case run its diagnostics and no error class', () => {
    const d = one('chinook_002').diagnostics;
    expect(d).toMatchObject({
      normalized_match: true,
      ast_similarity: 1,
      difficulty: 'simple',
      error_class: null,
      empty_match: false,
      verdict: { pass: true, tier: 'ast', outcome: 'ast_match' },
    });
    expect(Object.values(d?.component_f1 ?? {}).every((f1) => f1 === 1)).toBe(true);
  });

  it('classes each failure: filter values, aggregation, a prediction that did not run', () => {
    const metal = one('chinook_010').diagnostics;
    expect(metal?.error_class).toBe('filter_values');
    expect(metal?.filter_values).toMatchObject({ total: 1, present: 0, all_present: false });
    expect(metal?.filter_values?.missing).toEqual(["'Heavy Metal'"]);
    expect(metal?.normalized_match).toBe(false);
    expect(one('chinook_011').diagnostics?.error_class).toBe('aggregation');
    const broken = one('chinook_015');
    expect(broken.status).toBe('fail');
    expect(broken.diagnostics?.error_class).toBe('execution_error');
    expect(broken.diagnostics?.verdict).toMatchObject({
      pass: false,
      tier: 'execution',
      outcome: 'execution_error',
    });
  });

  it('decides a refusal and an unanswerable case by their outcome', () => {
    expect(one('chinook_021', 'catalog').diagnostics).toMatchObject({
      difficulty: null,
      error_class: null,
      verdict: { pass: true, tier: 'execution', outcome: 'outcome_match' },
    });
    expect(one('chinook_044').diagnostics?.verdict?.outcome).toBe('outcome_match');
  });

  it('counts empty-vs-empty passes apart (chinook_023: no invoices in that month)', () => {
    const empty = one('chinook_023');
    expect(empty.status).toBe('pass');
    expect(empty.diagnostics?.empty_match).toBe(empty.rowCount === 0);
    const board = report.configs[0]?.metrics;
    if (!board || !('accuracy' in board)) throw new Error('no board');
    const d = board.diagnostics;
    const emptyPasses = cases.filter((c) => c.diagnostics?.empty_match).length;
    expect(d?.empty_matches.passes).toBe(emptyPasses);
    const passes = cases.filter((c) => c.status === 'pass').length;
    expect(d?.empty_matches.accuracy_without.count).toBe(passes - emptyPasses);
  });

  it('adds accuracy by difficulty and tag with intervals and failures per error class to the board', () => {
    const board = report.configs[0]?.metrics;
    if (!board || !('accuracy' in board)) throw new Error('no board');
    const d = board.diagnostics;
    if (!d) throw new Error('no diagnostics on the board');
    const failing = cases.filter((c) => c.status !== 'pass');
    expect(d.failures).toBe(failing.length);
    // chinook_010 and 015 as admin and catalog; 011 is refused to catalog (a pass there).
    expect(d.error_classes.filter_values?.count).toBe(2);
    expect(d.error_classes.aggregation?.count).toBe(1);
    expect(d.error_classes.execution_error?.count).toBe(2);
    expect(failing).toHaveLength(5);
    expect(d.error_classes.filter_values?.share).toBeCloseTo(2 / 5);
    const simple = d.by_difficulty.simple;
    expect(simple?.total).toBe(cases.filter((c) => c.diagnostics?.difficulty === 'simple').length);
    expect(simple?.lower).toBeLessThanOrEqual(simple?.rate ?? 0);
    expect(simple?.upper).toBeGreaterThanOrEqual(simple?.rate ?? 1);
    // chinook_010 (value-matching) failed as both roles: the tag's accuracy says so.
    expect(d.by_tag['value-matching']).toMatchObject({ count: 0, total: 2 });
    expect(d.verdict?.by_tier).toEqual({
      ast: expect.any(Number),
      execution: expect.any(Number),
      judge: 0,
    });
    expect(d.test_suite).toBeNull();
    // EX is what it was: diagnostics never change a status.
    expect(board.accuracy.execution.strict.count).toBe(cases.length - failing.length);
  });

  it('records the same diagnostics whether they were computed during the asks or after', async () => {
    // The run diagnoses case runs while others wait on the engine (diagnostics-ahead.ts);
    // each recorded value must be what the evaluation pass computes alone from the result.
    const settings = {
      dialect: 'sqlite' as const,
      lookupTables: ['Genre', 'MediaType'],
      sql: PLUGINS.sql,
      cascadePass: PLUGINS.judge,
    };
    const byId = new Map(suite.cases.map((c) => [c.id, c]));
    for (const result of cases) {
      const c = byId.get(result.caseId) as EvalCase;
      const task = {
        key: `${result.caseId}/${result.role}`,
        case: c,
        role: result.role,
        pass: result.pass,
        expected: result.expected,
      } as unknown as CaseTask;
      const alone = await evaluateCase(
        task,
        { ...result, diagnostics: null },
        {
          ...settings,
          schema: await datasource.introspect({ rowCounts: false }),
        },
      );
      expect(result.diagnostics, `${result.caseId} as ${result.role}`).toEqual(alone.diagnostics);
    }
  });

  it('writes the diagnostics into valid records', () => {
    const records = reportRecords(report, {
      recordedAt: new Date('2026-11-30T20:00:00Z'),
      engineVersion: '0.0.0',
    });
    for (const record of records) expect(() => validateRecord(record)).not.toThrow();
    const stored = records[0]?.scoreboard.cases.find((c) => c.case_id === 'chinook_010');
    expect(stored?.diagnostics?.error_class).toBe('filter_values');
  });

  it('a cancel during the evaluation pass stops it between case runs: a stopped run, never a finished one', async () => {
    const controller = new AbortController();
    const stops: string[] = [];
    const stopped = await runEval({
      plugins: PLUGINS,
      suite,
      engine: new SqlEngine(suite, datasource, WRONG),
      mode: 'plans',
      roles: ['admin', 'catalog'],
      cases: ['chinook_002', 'chinook_010', 'chinook_011', 'chinook_015'],
      sqlChecks: { dialect: 'sqlite', schema: await datasource.introspect({ rowCounts: false }) },
      evaluation: {},
      signal: controller.signal,
      onEvent: (e) => {
        // Every case run asked: the signal comes while the pass evaluates them.
        if (e.type === 'case.finished' && e.completedCases === e.plannedCases)
          setImmediate(() => controller.abort());
        if (e.type === 'run.stopped') stops.push(e.reason);
      },
    });
    expect(stopped.stopped).toBe('cancelled');
    expect(stops).toEqual(['cancelled']);
    expect(stopped.completedCases).toBe(8);
    const evaluated = stopped.configs[0]?.cases.filter((c) => c.diagnostics !== null) ?? [];
    expect(evaluated.length).toBeLessThan(8);
  });
});
