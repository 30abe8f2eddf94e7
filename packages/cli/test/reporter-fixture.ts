// A small run to report: a suite parsed from text (so each case has its line), case results
// with the statuses, explanations and hostile text a reporter must carry, and the report,
// gate and outcome the reporters are given.

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeRecord } from '@nl2sql/records';
import type { GateOutcome, RunOutcome } from '@nl2sql/reporters';
import {
  buildBoard,
  type CaseResult,
  type ConfigReport,
  type RunReport,
  reportRecords,
} from '@nl2sql/runner';
import { type EvalSuite, parseSuite } from '@nl2sql/suite';
import { gateAgainstBaseline } from '../src/eval/gate-baseline.js';

/** Text no reporter may let become markup, a new line, a second command or a property. */
export const HOSTILE =
  'a"b\'c<d>e&f ]]></failure><x/> %0A%25 \r\n::error::injected, key:value\u0000\u0007\u001b[31m\ud800 |**x**| [l](javascript:alert(1)) <img src=x> @all';

export const SUITE_FILE = '/work/project/suites/shop.yaml';

export const SUITE_TEXT = `name: shop
version: 1
cases:
  - id: artists
    question: How many artists are there?
    datasource: chinook
    source: hand
    approved: true
    tags: [ single-table, aggregation ]
    order_matters: false
    outcome:
      admin: allowed
      sales: allowed
    tables: [ Artist ]
    columns: []
    sql: |-
      SELECT COUNT(*) FROM Artist

  - id: albums
    question: How many albums are there?
    datasource: chinook
    source: hand
    approved: true
    tags: [ single-table, aggregation ]
    order_matters: false
    outcome:
      admin: allowed
      sales: refused
    tables: [ Album ]
    columns: []
    sql: |-
      SELECT COUNT(*) FROM Album
`;

/** The suite with each case's line remembered (artists at line 4, albums at line 19). */
export function shopSuite(): EvalSuite {
  return parseSuite(SUITE_TEXT, SUITE_FILE);
}

/** A passing case run; `extra` overrides any field. */
export function caseRun(caseId: string, role: string | null, extra: Partial<CaseResult> = {}) {
  const run: CaseResult = {
    caseId,
    role,
    pass: 1,
    status: 'pass',
    lenientStatus: 'pass',
    generatedStatus: null,
    expected: 'allowed',
    engineStatus: 'success',
    error: null,
    sql: `SELECT COUNT(*) FROM ${caseId}`,
    rowsDigest: 'a'.repeat(64),
    rowCount: 1,
    costUsd: 0,
    latencyMs: 12.5,
    harnessMs: 0.3,
    tokens: { input: 0, cached: 0, cacheWrite: 0, output: 0, reasoning: 0 },
    curated: false,
    scores: {
      outcome: { pass: true, lenient: true, explanation: null, detail: {}, kind: 'execution' },
    },
    explanation: null,
    suspect: null,
    answer: null,
    resultHead: { columns: ['n'], rows: [[275]], truncated: false },
    diagnostics: null,
    rowsCheck: null,
    ...extra,
  };
  return run;
}

/** A failing case run: the comparator said why. */
export function failingRun(caseId: string, role: string | null, explanation: string) {
  return caseRun(caseId, role, {
    status: 'fail',
    lenientStatus: 'fail',
    explanation,
    scores: {
      outcome: { pass: true, lenient: true, explanation: null, detail: {}, kind: 'execution' },
      result_match: { pass: false, lenient: false, explanation, detail: {}, kind: 'execution' },
    },
  });
}

/** A case run whose ask failed (a timeout). */
export function erroredRun(caseId: string, role: string | null, message: string) {
  return caseRun(caseId, role, {
    status: 'error',
    lenientStatus: 'error',
    engineStatus: null,
    error: { code: 'TIMEOUT', message },
    sql: null,
    rowsDigest: null,
    rowCount: null,
    explanation: `the ask failed: TIMEOUT: ${message}`,
    resultHead: null,
  });
}

/** One config's board of these case runs. */
export function board(
  name: string,
  cases: CaseResult[],
  extra: Partial<ConfigReport> = {},
): ConfigReport {
  return {
    config: { name, nodes: {} },
    kind: 'plans',
    engine: { name: '@nl2sql/engine', version: '0.0.0', models: null, url: null },
    rows: null,
    plannedCases: cases.length,
    completedCases: cases.length,
    metrics: buildBoard(cases, { passes: 1, curated: false, faithfulness: false }),
    cases,
    ...extra,
  };
}

/** A run of these boards on the shop suite. */
export function runReport(configs: ConfigReport[], extra: Partial<RunReport> = {}): RunReport {
  const planned = configs.reduce((n, b) => n + b.plannedCases, 0);
  const completed = configs.reduce((n, b) => n + b.completedCases, 0);
  return {
    mode: 'plans',
    dataset: { name: 'shop.yaml', digest: 'b'.repeat(64) },
    database: {
      datasource_id: 'chinook',
      engine: 'sqlite',
      schema_fingerprint: 'c'.repeat(64),
      tables: 11,
      columns: 64,
    },
    settings: {
      roles: ['admin', 'sales'],
      curated: false,
      passes: 1,
      max_cost_usd: null,
      retrieval: null,
    },
    plannedCases: planned,
    completedCases: completed,
    stopped: null,
    dollars: 0,
    startedAt: '2026-11-30T12:34:56.789Z',
    timings: { wallMs: 1500, engineMs: 1200, databaseMs: 300, scoringMs: 20, queuedMs: 2 },
    configs,
    ...extra,
  };
}

/** What the reporters are given for a report (not gated unless `gate` says). */
export function outcomeOf(
  report: RunReport,
  gate: GateOutcome = { status: 'not asked' },
  suite: EvalSuite = shopSuite(),
): RunOutcome {
  return {
    report,
    suite,
    suitePath: SUITE_FILE,
    gate,
    records: () => [],
    baselineDir: null,
  };
}

const NO_GIT = { commit: 'unknown', shortSha: 'unknown', dirty: 'unknown' as const, root: null };

/** The run's records, as `eval run` makes them. */
export function recordsOf(report: RunReport, recordedAt = '2026-11-30T12:35:00Z') {
  return reportRecords(report, { git: NO_GIT, recordedAt: new Date(recordedAt) });
}

/**
 * `current` gated against `baseline` as `eval run --baseline DIR` gates it: the baseline's
 * records written to a fresh folder, then gateAgainstBaseline.
 */
export function gated(baseline: RunReport, current: RunReport, allowPartial = false): GateOutcome {
  const dir = mkdtempSync(join(tmpdir(), 'nl2sql-gate-'));
  for (const record of recordsOf(baseline, '2026-11-29T12:00:00Z')) writeRecord(dir, record);
  const result = gateAgainstBaseline(recordsOf(current), dir, { allowPartial });
  if (typeof result === 'string') throw new Error(result);
  return { status: 'gated', gate: result };
}
