import { CHINOOK_POLICIES, CHINOOK_SUITE_PATH, chinookForTests } from '@nl2sql/datasets';
import { openSqlite } from '@nl2sql/datasource-sqlite';
import { recordIssues } from '@nl2sql/records';
import { ReferenceEngine } from '@nl2sql/reference-engine';
import { defaultPlugins, restrictedSqliteRunner } from '@nl2sql/runner-plugins';
import { methodSummary } from '@nl2sql/schema-selection';
import { loadSuite } from '@nl2sql/suite';
import { describe, expect, it } from 'vitest';
import {
  databaseIdentity,
  RunnerError,
  reportRecords,
  runEval,
  selectionReportJson,
} from '../src/index.js';

/** The default plugins (@nl2sql/runner-plugins): the runner's own tests run with the real passes. */
const PLUGINS = await defaultPlugins();

const chinook = await chinookForTests();

// The reference engine's retriever needs no LLM; retrieve() never calls it.
const noLlm = {
  call: () => Promise.reject(new Error('mode retrieval calls no LLM')),
} as unknown as ConstructorParameters<typeof ReferenceEngine>[0]['llm'];

describe.skipIf(chinook.path === undefined)(
  "mode retrieval with spec 003's figures on Chinook",
  () => {
    it('scores the selection, puts the figures on the board and the record, and writes report.json from them', async () => {
      const suite = await loadSuite(CHINOOK_SUITE_PATH);
      const datasource = await openSqlite(chinook.path!);
      const schema = await datasource.introspect({ rowCounts: false });
      const engine = new ReferenceEngine({
        llm: noLlm,
        datasources: [{ id: 'chinook', datasource }],
        policy: CHINOOK_POLICIES,
      });
      try {
        const cases = ['chinook_002', 'chinook_010', 'chinook_014', 'chinook_017'];
        const report = await runEval({
          plugins: PLUGINS,
          suite,
          engine,
          mode: 'retrieval',
          cases,
          database: await databaseIdentity('chinook', datasource),
          selection: { schema, reference: restrictedSqliteRunner(chinook.path!, schema) },
        });
        const board = report.configs[0]!;
        if (!('retrieval' in board.metrics)) throw new Error('no retrieval board');
        const r = board.metrics.retrieval;
        expect(r.cases).toBe(board.cases.length);
        // chinook_014 ("How much did we earn in each year?") names nothing in the schema.
        const earn = board.cases.filter((c) => c.caseId === 'chinook_014');
        for (const run of earn) {
          expect(run.scores.retrieval_recall?.detail).toMatchObject({
            selection_status: 'no_candidates',
            status_as_expected: false,
            reference_query: { status: 'not_run_boundary_state' },
          });
        }
        expect(r.boundary_as_expected).toMatchObject({
          count: r.cases - earn.length,
          total: r.cases,
        });
        expect(r.reference_matches?.count).toBeGreaterThan(0);
        expect(r.complete?.count).toBeGreaterThanOrEqual(r.reference_matches?.count ?? 0);

        // The record carries them and is valid.
        const git = {
          commit: 'unknown',
          shortSha: 'unknown',
          dirty: 'unknown' as const,
          root: null,
        };
        const [record] = reportRecords(report, { git });
        expect(recordIssues(record)).toEqual([]);
        expect(record?.metrics).toMatchObject({ retrieval: { complete: r.complete } });

        // report.json: one method, every case run, and a summary that agrees with the board.
        const json = selectionReportJson(report, suite);
        expect(json.methods).toHaveLength(1);
        const method = json.methods[0]!;
        expect(method.cases).toHaveLength(r.cases);
        expect(method.summary).toEqual(methodSummary(method.cases));
        expect(method.summary.complete).toEqual({ count: r.complete?.count, of: r.cases });
        expect(method.summary.reference_matches).toEqual({
          count: r.reference_matches?.count,
          of: r.reference_matches?.total,
        });
        expect(method.summary.boundary_as_expected.count).toBe(r.boundary_as_expected?.count);
        expect(method.summary.element_recall).toBeCloseTo(r.element_recall ?? -1, 12);
        expect(json.settings).toMatchObject({ k_columns: 12, path_completion: true });
        const genres = method.cases.find((c) => c.id === 'chinook_002');
        expect(genres?.relationships).toContain('Track(GenreId)->Genre(GenreId)');
        expect(genres?.reference_query?.status).toBe('matched');

        // A run scored without the schema, or of another mode, has no report.json.
        const bare = await runEval({ plugins: PLUGINS, suite, engine, mode: 'retrieval', cases });
        expect(() => selectionReportJson(bare, suite)).toThrow(RunnerError);
        expect(() => selectionReportJson(bare, suite)).toThrow(/without the schema/);
      } finally {
        await engine.close();
      }
    }, 120_000);
  },
);
