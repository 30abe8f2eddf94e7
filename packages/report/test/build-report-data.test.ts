import { beforeAll, describe, expect, it } from 'vitest';
import { buildReportData, parseSavedRun, ReportError, type SavedRun } from '../src/index.js';
import { type Chinook, chinookSuite, syntheticSavedReport } from './synthetic-run.js';

let chinook: Chinook;
let twoConfigs: SavedRun;
beforeAll(async () => {
  chinook = await chinookSuite();
  // gpt fails every fifth answerable case that plans passes, and passes two plans fails.
  twoConfigs = parseSavedRun(
    JSON.stringify(
      syntheticSavedReport(chinook, {
        configs: ['plans', 'gpt'],
        fails: (c, i) => (c === 0 ? i === 1 || i === 2 : i % 5 === 0),
      }),
    ),
    'two.json',
  );
});

const suites = () => [{ file: chinook.path, digest: chinook.digest, suite: chinook.suite }];

describe('buildReportData', () => {
  it('compares configs with the gate: flips both ways, McNemar p, the failing check', () => {
    const data = buildReportData({ runs: [twoConfigs], suites: suites() });
    const comparison = data.comparisons.find((c) =>
      c.title.includes('config gpt against config plans'),
    )!;
    expect(comparison.gate?.pass).toBe(false);
    const flips = comparison.flips[0]!;
    expect(flips.lost.length).toBeGreaterThan(0);
    expect(flips.gained.length).toBeGreaterThan(0);
    expect(flips.gained.every((ref) => /^chinook_00[23]@/.test(ref))).toBe(true);
    expect(flips.pValue).toBeGreaterThan(0);
    expect(flips.pValue).toBeLessThanOrEqual(1);
    const failed = comparison.gate!.checks.filter((c) => !c.pass);
    expect(failed.map((c) => c.name)).toEqual(['max_regressions']);
  });

  it('compares a run with the newest comparable earlier run given, else says nothing', () => {
    const earlier = parseSavedRun(
      JSON.stringify(
        syntheticSavedReport(chinook, {
          configs: ['plans'],
          startedAt: '2026-11-01T00:00:00.000Z',
        }),
      ),
      'earlier.json',
    );
    const data = buildReportData({ runs: [earlier, twoConfigs], suites: suites() });
    const against = data.comparisons.find((c) =>
      c.title.startsWith('two.json against its baseline'),
    )!;
    expect(against.baseline).toBe('earlier.json');
    expect(against.flips.map((f) => f.config)).toEqual(['plans']);
    expect(data.comparisons.some((c) => c.title.startsWith('earlier.json against'))).toBe(false);
  });

  it('joins case runs with their gold, tags and difficulty, and lists the facets', () => {
    const difficulty = new Map(
      chinook.suite.cases
        .filter((c) => c.sql !== undefined)
        .map((c) => [c.id, c.id < 'chinook_020' ? 'simple' : 'moderate']),
    );
    const data = buildReportData({ runs: [twoConfigs], suites: [{ ...suites()[0]!, difficulty }] });
    const c = data.cases.find((x) => x.id === 'chinook_002' && x.config === 'gpt')!;
    expect(data.gold[c.gold!]?.question).toBe('What are the top 5 genres by number of tracks?');
    expect(data.facets.configs).toEqual(['gpt', 'plans']);
    expect(data.facets.difficulties).toEqual(['moderate', 'simple', 'unanswerable']);
    expect(data.facets.tags).toContain('rbac-denial');
    expect(data.facets.scorers).toEqual(['outcome', 'result_match', 'sql_checks']);
  });

  it('shows what a case gave the system under test: evidence, instructions, the date', () => {
    const given = {
      ...chinook.suite,
      cases: chinook.suite.cases.map((c) =>
        c.id === 'chinook_002'
          ? {
              ...c,
              evidence: 'top means most tracks',
              instructions: 'one row per genre',
              as_of_date: '2025-10-01',
            }
          : c,
      ),
    };
    const data = buildReportData({
      runs: [twoConfigs],
      suites: [{ ...suites()[0]!, suite: given }],
    });
    const gold = (id: string) => data.gold[data.cases.find((x) => x.id === id)!.gold!];
    expect(gold('chinook_002')).toMatchObject({
      evidence: 'top means most tracks',
      instructions: 'one row per genre',
      asOfDate: '2025-10-01',
    });
    expect(gold('chinook_001')).toMatchObject({
      evidence: null,
      instructions: null,
      asOfDate: null,
    });
  });

  it('marks the comparator explanation on the rows: first unmatched rows and the lenient mapping', () => {
    const data = buildReportData({ runs: [twoConfigs], suites: suites() });
    const changedValue = data.cases.find((x) => x.id === 'chinook_002' && x.config === 'plans')!;
    expect(changedValue.status).toBe('fail');
    expect(changedValue.rowDiff?.explanation).toMatch(
      /^strict: rows differ: gold row 5 \["Jazz", 130\] has no match/,
    );
    expect(changedValue.rowDiff?.goldMiss).toEqual({ index: 4, values: ['Jazz', 130] });
    expect(changedValue.rowDiff?.resultMiss).toEqual({ index: 4, values: ['Jazz (changed)', 130] });
    expect(changedValue.result?.source).toBe('saved');
    const swapped = data.cases.find((x) => x.id === 'chinook_003' && x.config === 'plans')!;
    expect([swapped.status, swapped.lenient]).toEqual(['fail', 'pass']);
    expect(swapped.rowDiff?.mapping).toEqual([1, 0, 2]);
    expect(swapped.rowDiff?.explanation).toMatch(/lenient: pass$/);
  });

  it('refuses a suite the run was not scored on, naming both digests', () => {
    const other = { ...suites()[0]!, file: 'old/chinook.yaml', digest: '0'.repeat(64) };
    expect(() => buildReportData({ runs: [twoConfigs], suites: [other] })).toThrow(ReportError);
    expect(() => buildReportData({ runs: [twoConfigs], suites: [other] })).toThrow(
      /two\.json: scored on chinook\.yaml with digest [0-9a-f]{12}, but no suite given has that digest: old\/chinook\.yaml \(000000000000\)/,
    );
  });

  it('without a suite, shows what the runs hold and says what is missing', () => {
    const data = buildReportData({ runs: [twoConfigs] });
    expect(data.cases.every((c) => c.gold === null)).toBe(true);
    expect(data.notes.join(' ')).toMatch(/No suite was given/);
  });

  it('refuses to make a page of nothing', () => {
    expect(() => buildReportData({ runs: [] })).toThrow(/at least one saved run/);
  });
});

describe('a retrieval run', () => {
  it('shows recall on the board and what each case run was sent and missed', () => {
    const saved = syntheticSavedReport(chinook, { configs: ['retrieval'] }) as {
      report: { mode: string; configs: { metrics: unknown; cases: Record<string, unknown>[] }[] };
      records: unknown[];
    };
    saved.report.mode = 'retrieval';
    saved.records = [];
    const config = saved.report.configs[0]!;
    config.metrics = {
      retrieval: {
        cases: 98,
        table_recall: 0.976,
        column_recall: 0.896,
        perfect_tables: 93,
        perfect_columns: 65,
        tables_sent: 8,
        columns_sent: 34.62,
        routing: null,
      },
    };
    for (const c of config.cases) {
      c.sql = null;
      c.rows_digest = null;
      c.result = null;
      c.scores = {
        retrieval_recall: {
          pass: c.case_id !== 'chinook_002',
          lenient: c.case_id !== 'chinook_002',
          explanation: null,
          detail: {
            table_recall: c.case_id === 'chinook_002' ? 0.5 : 1,
            column_recall: 1,
            missed_tables: c.case_id === 'chinook_002' ? ['Genre'] : [],
            missed_columns: [],
            tables_sent: ['Track'],
            columns_sent: ['Track.GenreId'],
          },
        },
      };
    }
    const data = buildReportData({
      runs: [parseSavedRun(JSON.stringify(saved), 'retrieval.json')],
      suites: suites(),
    });
    const rows = data.runs[0]!.boards[0]!.rows;
    expect(rows.map((r) => r.label)).toEqual([
      'Table recall',
      'Column recall',
      'Every table sent',
      'Every column sent',
      'Sent on average',
      'Case runs',
    ]);
    expect(rows[2]).toMatchObject({ kind: 'interval', count: 93, total: 98 });
    const missed = data.cases.find((c) => c.id === 'chinook_002' && c.role === 'admin')!;
    expect(missed.retrieval).toEqual({
      tableRecall: 0.5,
      columnRecall: 1,
      missedTables: ['Genre'],
      missedColumns: [],
      tablesSent: ['Track'],
      columnsSent: ['Track.GenreId'],
    });
    expect(missed.resultNote).toBeNull();
  });
});

describe("an external engine's rows on the board", () => {
  /** The synthetic report with its one config marked as an external engine's. */
  function withRows(rows: string, checks?: Record<string, number>): SavedRun {
    const saved = syntheticSavedReport(chinook, { configs: ['svc'] }) as {
      report: { configs: object[] };
    };
    const [config] = saved.report.configs;
    Object.assign(config as object, { rows });
    if (checks) Object.assign((config as { metrics: object }).metrics, { rows_checks: checks });
    return parseSavedRun(JSON.stringify(saved), 'engine.json');
  }
  const textRows = (data: ReturnType<typeof buildReportData>) =>
    data.runs[0]?.boards[0]?.rows.flatMap((r) => (r.kind === 'text' ? [[r.label, r.text]] : []));

  it("says the rows were the engine's word when the run trusted them", () => {
    const data = buildReportData({ runs: [withRows('trusted')], suites: suites() });
    expect(textRows(data)).toContainEqual([
      'Rows scored',
      "the engine's word: the rows it reported were scored; its SQL was not run here (trust_reported_rows)",
    ]);
  });

  it('says the harness ran the SQL, and counts the answers its check failed', () => {
    const checks = {
      executed: 90,
      trusted: 0,
      rows_mismatch: 5,
      no_sql: 0,
      unsafe_sql: 3,
      execution_error: 0,
    };
    const data = buildReportData({ runs: [withRows('executed', checks)], suites: suites() });
    const rows = textRows(data);
    expect(rows).toContainEqual([
      'Rows scored',
      "the engine's SQL, run by the harness as the case's role on the pinned database",
    ]);
    expect(rows).toContainEqual([
      'Rows checked',
      '90 executed, 0 trusted; failed: 5 rows-mismatch, 3 unsafe-sql',
    ]);
  });

  it('says nothing of rows for the reference engine', () => {
    const data = buildReportData({ runs: [twoConfigs], suites: suites() });
    expect(textRows(data)?.some(([label]) => label === 'Rows scored')).toBe(false);
  });
});
