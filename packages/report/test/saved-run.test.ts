import { beforeAll, describe, expect, it } from 'vitest';
import { parseSavedRun, ReportError } from '../src/index.js';
import { type Chinook, chinookSuite, syntheticSavedReport } from './synthetic-run.js';

let chinook: Chinook;
let saved: Record<string, unknown>;
beforeAll(async () => {
  chinook = await chinookSuite();
  saved = syntheticSavedReport(chinook, {
    configs: ['plans'],
    fails: (_c, i) => i % 5 === 0,
    answers: true,
  });
});

/** A deep copy of the saved report with one change made at `path`. */
function changed(path: (string | number)[], value: unknown): string {
  const copy = structuredClone(saved);
  let node = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (value === undefined) delete node[last];
  else node[last] = value;
  return JSON.stringify(copy);
}

function errorOf(text: string): ReportError {
  try {
    parseSavedRun(text, 'runs/plans.json');
  } catch (error) {
    expect(error).toBeInstanceOf(ReportError);
    return error as ReportError;
  }
  throw new Error('expected a ReportError');
}

describe('parseSavedRun', () => {
  it('reads a saved report: configs, case runs, rows, answers and records', () => {
    const run = parseSavedRun(JSON.stringify(saved), 'plans.json');
    expect(run.mode).toBe('plans');
    expect(run.dataset.digest).toBe(chinook.digest);
    expect(run.configs).toHaveLength(1);
    const cases = run.configs[0]!.cases;
    expect(cases.length).toBe(run.completed_cases);
    const failing = cases.find((c) => c.status === 'fail')!;
    expect(failing.result?.rows.length).toBe(failing.row_count);
    expect(failing.scores.result_match?.pass).toBe(false);
    expect(failing.answer?.content).toContain('987654.32');
    // Latency as the runner writes it: the engine's in latency_ms, the harness's apart.
    expect(failing.latency_ms).toBeGreaterThan(0);
    expect(failing.harness_ms).toBe(0.4);
    expect(run.records).toHaveLength(1);
  });

  it('reads a report saved before case runs kept rows and answers (no rows, no answer, no kind, no harness time)', () => {
    const copy = structuredClone(saved) as {
      report: { configs: { cases: Record<string, unknown>[] }[] };
    };
    for (const c of copy.report.configs[0]!.cases) {
      delete c.result;
      delete c.answer;
      delete c.harness_ms;
      for (const s of Object.values(c.scores as Record<string, Record<string, unknown>>))
        delete s.kind;
    }
    const run = parseSavedRun(JSON.stringify(copy));
    expect(run.configs[0]!.cases.every((c) => c.result === null && c.answer === null)).toBe(true);
    expect(run.configs[0]!.cases.every((c) => c.harness_ms === null)).toBe(true);
  });

  it('ignores fields it does not know (newer reports)', () => {
    const text = changed(['report', 'configs', 0, 'cases', 0, 'constant_query'], { flagged: true });
    expect(parseSavedRun(text).configs[0]!.cases[0]!.case_id).toBe('chinook_001');
  });

  it.each([
    [['format'], 'something-else', /not a report saved by `nl2sql eval run --save`/],
    [['version'], 2, /version 2 is not one this package reads/],
    [['report'], undefined, /report must be an object, got missing/],
    [['report', 'mode'], 7, /report\.mode must be a string, got 7/],
    [['report', 'configs'], {}, /report\.configs must be a list, got an object/],
    [
      ['report', 'configs', 0, 'config', 'name'],
      null,
      /report\.configs\[0\]\.config\.name must be a string, got null/,
    ],
    [
      ['report', 'configs', 0, 'cases', 3, 'status'],
      'passed',
      /report\.configs\[0\]\.cases\[3\]\.status must be one of "pass", "fail", "error", got "passed" \(case chinook_002\)/,
    ],
    [
      ['report', 'configs', 0, 'cases', 3, 'pass'],
      0,
      /cases\[3\]\.pass must be a whole number from 1, got 0 \(case chinook_002\)/,
    ],
    [
      ['report', 'configs', 0, 'cases', 3, 'case_id'],
      12,
      /cases\[3\]\.case_id must be a string, got 12/,
    ],
    [
      ['report', 'configs', 0, 'cases', 3, 'sql'],
      ['SELECT'],
      /cases\[3\]\.sql must be a string, got a list \(case chinook_002\)/,
    ],
    [
      ['report', 'configs', 0, 'cases', 3, 'scores', 'outcome', 'pass'],
      'yes',
      /scores\.outcome\.pass must be true or false/,
    ],
    [
      ['report', 'configs', 0, 'cases', 3, 'result', 'rows', 0],
      [1],
      /result\.rows\[0\] must be a row of 2 cells/,
    ],
    [['records', 0, 'schema'], 1, /records\[0\]|record/],
  ])('refuses %j = %j, naming the file and field', (path, value, message) => {
    const error = errorOf(changed(path as (string | number)[], value));
    expect(error.code).toBe('INVALID_SAVED_REPORT');
    expect(error.message).toMatch(/^runs\/plans\.json/);
    expect(error.message).toMatch(message);
  });

  it('refuses text that is not JSON', () => {
    expect(errorOf('{"format": ').message).toMatch(/^runs\/plans\.json: not valid JSON/);
  });
});
