import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redactor } from '@nl2sql/llm';
import {
  buildBoard,
  type CaseResult,
  type RunReport,
  reportRecords,
  runReportJson,
} from '@nl2sql/runner';
import { describe, expect, test } from 'vitest';
import {
  readSavedReport,
  savedReportListener,
  writeSavedReport,
} from '../src/eval/saved-report.js';

const result: CaseResult = {
  caseId: 'chinook_001',
  role: 'admin',
  pass: 1,
  status: 'pass',
  lenientStatus: 'pass',
  generatedStatus: null,
  expected: 'allowed',
  engineStatus: 'success',
  error: null,
  sql: 'SELECT 1',
  rowsDigest: 'a'.repeat(64),
  rowCount: 1,
  costUsd: 0,
  latencyMs: 12,
  harnessMs: 0.4,
  tokens: { input: 0, cached: 0, cacheWrite: 0, output: 0, reasoning: 0 },
  curated: false,
  scores: {},
  explanation: null,
  suspect: null,
  answer: null,
  resultHead: null,
  diagnostics: null,
  rowsCheck: null,
};

const report: RunReport = {
  mode: 'plans',
  dataset: { name: 'chinook.yaml', digest: 'b'.repeat(64) },
  database: {
    datasource_id: 'chinook',
    engine: 'sqlite',
    schema_fingerprint: 'c'.repeat(64),
    tables: 11,
    columns: 64,
  },
  settings: { roles: ['admin'], curated: false, passes: 1, max_cost_usd: null, retrieval: null },
  plannedCases: 1,
  completedCases: 1,
  stopped: null,
  dollars: 0,
  startedAt: '2026-01-01T00:00:00.000Z',
  timings: { wallMs: 10, engineMs: 8, databaseMs: 2, scoringMs: 1, queuedMs: 0.5 },
  configs: [
    {
      config: { name: 'plans', nodes: {} },
      kind: 'plans',
      engine: { name: '@nl2sql/engine', version: '0.0.0', models: null, url: null },
      rows: null,
      plannedCases: 1,
      completedCases: 1,
      metrics: buildBoard([result], { passes: 1, curated: false, faithfulness: false }),
      cases: [result],
    },
  ],
};

describe('savedReportListener', () => {
  test('writes nothing until run.finished, then the report in its written form and its records', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'nl2sql-save-')), 'out', 'report.json');
    const records = reportRecords(report, {
      engineVersion: '0.0.0',
      git: { commit: 'unknown', shortSha: 'unknown', dirty: 'unknown', root: null },
    });
    let asked = 0;
    const listen = savedReportListener(path, () => {
      asked++;
      return records;
    });
    listen({
      type: 'run.stopped',
      reason: 'cancelled',
      completedCases: 1,
      plannedCases: 1,
      dollars: 0,
    });
    expect(asked).toBe(0);
    listen({ type: 'run.finished', report });
    expect(asked).toBe(1);
    const saved = readSavedReport(path);
    expect(saved.records).toEqual(records);
    expect(saved.report).toMatchObject({
      planned_cases: 1,
      completed_cases: 1,
      started_at: '2026-01-01T00:00:00.000Z',
      timings: { wall_ms: 10, engine_ms: 8, database_ms: 2, scoring_ms: 1, queued_ms: 0.5 },
    });
    expect(saved.report.configs[0]?.cases[0]).toMatchObject({
      case_id: 'chinook_001',
      lenient_status: 'pass',
      tokens: { cached_input: 0, cache_write: 0 },
    });
    expect(readFileSync(path, 'utf8').endsWith('}\n')).toBe(true);
  });

  test('streams the same bytes the whole report stringified would be, secrets masked', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'nl2sql-save-')), 'report.json');
    // Many case runs over two configs, one of them carrying a key an engine echoed.
    const secret = 'sk-proj-abcdefghijklmnop1234';
    const many = Array.from({ length: 300 }, (_, i) => ({
      ...result,
      caseId: `chinook_${i}`,
      explanation: i === 7 ? `upstream said: invalid key ${secret}` : null,
    }));
    const big: RunReport = {
      ...report,
      plannedCases: 600,
      completedCases: 600,
      configs: ['a', 'b'].map((name) => ({
        ...(report.configs[0] as RunReport['configs'][0]),
        config: { name, nodes: {} },
        plannedCases: 300,
        completedCases: 300,
        metrics: buildBoard(many, { passes: 1, curated: false, faithfulness: false }),
        cases: many,
      })),
    };
    const records = reportRecords(big, {
      engineVersion: '0.0.0',
      note: `tried ${secret}`,
      git: { commit: 'unknown', shortSha: 'unknown', dirty: 'unknown', root: null },
    });
    const redactor = new Redactor([secret]);
    writeSavedReport(path, big, records, redactor);
    const whole = { format: 'nl2sql-eval-report', version: 1, report: runReportJson(big), records };
    const written = readFileSync(path, 'utf8');
    expect(written).toBe(`${JSON.stringify(redactor.redactValue(whole), null, 2)}\n`);
    expect(written).not.toContain(secret);
  });
});
