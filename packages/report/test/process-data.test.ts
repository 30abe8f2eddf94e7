// What the page reads beyond the verdicts (diagnostics, trajectories, clarify, an engine's
// identity, candidates) and what it makes of them, on saved reports built here.

import { beforeAll, describe, expect, it } from 'vitest';
import {
  type BoardRow,
  buildReportData,
  parseSavedRun,
  ReportError,
  renderReportPage,
} from '../src/index.js';
import { addProcess, asEngineRun, withPassAtK } from './synthetic-process.js';
import { type Chinook, chinookSuite, syntheticSavedReport } from './synthetic-run.js';

type Json = Record<string, unknown>;
let chinook: Chinook;
beforeAll(async () => {
  chinook = await chinookSuite();
});

const suites = () => [{ file: chinook.path, digest: chinook.digest, suite: chinook.suite }];

/** One config whose case runs 0 and 9 have an unsafe step, clarify on every seventh. */
function processReport(): Json {
  return addProcess(
    syntheticSavedReport(chinook, { configs: ['agent'], fails: (_c, i) => i % 4 === 1 }),
    {
      unsafe: (index) => index === 0 || index === 9,
      clarify: (index) =>
        index % 7 === 0 ? (['clarified', 'guessed', 'asked_needlessly'][index % 3] ?? null) : null,
    },
  );
}

const casesOf = (saved: Json) =>
  (saved.report as { configs: { cases: Json[] }[] }).configs[0]!.cases;
const row = (rows: readonly BoardRow[], label: string) => rows.find((r) => r.label === label);
const text = (rows: readonly BoardRow[], label: string) => {
  const found = row(rows, label);
  return found?.kind === 'text' ? found.text : undefined;
};

function errorOf(saved: Json): ReportError {
  try {
    parseSavedRun(JSON.stringify(saved), 'runs/agent.json');
  } catch (error) {
    expect(error).toBeInstanceOf(ReportError);
    return error as ReportError;
  }
  throw new Error('expected a ReportError');
}

describe('parseSavedRun: diagnostics, trajectory and clarify', () => {
  it('reads them when present and gives null when absent (older reports)', () => {
    const saved = processReport();
    const run = parseSavedRun(JSON.stringify(saved));
    const cases = run.configs[0]!.cases;
    const unsafe = cases.find((c) => c.trajectory?.unsafe_step !== null && c.trajectory)!;
    expect(unsafe.trajectory!.steps[1]).toMatchObject({
      kind: 'sql',
      sql: 'DELETE FROM Invoice',
      unsafe: 'writes: DELETE is not a read',
    });
    expect(unsafe.diagnostics?.verdict?.tier).toBe('ast');
    expect(cases.some((c) => c.clarify?.verdict === 'guessed')).toBe(true);
    const refusal = cases.find((c) => c.sql === null)!;
    expect([refusal.trajectory, refusal.clarify, refusal.diagnostics]).toEqual([null, null, null]);
    const older = parseSavedRun(
      JSON.stringify(syntheticSavedReport(chinook, { configs: ['plans'] })),
    );
    expect(older.configs[0]!.cases.every((c) => c.trajectory === null && c.clarify === null)).toBe(
      true,
    );
  });

  it.each([
    [
      (c: Json) => {
        ((c.trajectory as Json).steps as Json[])[0]!.kind = 'probe';
      },
      /cases\[0\]\.trajectory\.steps\[0\]\.kind must be one of "sql", "schema", "error", got "probe" \(case chinook_001\)/,
    ],
    [
      (c: Json) => {
        (c.trajectory as Json).unsafe_step = 9;
      },
      /trajectory\.unsafe_step must be the index of one of the 3 steps \(from 0\), got 9/,
    ],
    [
      (c: Json) => {
        (c.trajectory as Json).recovered = 'no';
      },
      /trajectory\.recovered must be true or false/,
    ],
    [
      (c: Json) => {
        c.clarify = { verdict: 'asked', question: null };
      },
      /clarify\.verdict must be one of "clarified", "guessed", "asked_needlessly", got "asked"/,
    ],
    [
      (c: Json) => {
        ((c.diagnostics as Json).verdict as Json).tier = 4;
      },
      /diagnostics\.verdict\.tier must be a string, got 4/,
    ],
  ])('refuses a wrong field, naming the file, the field and the case (%#)', (change, message) => {
    const saved = processReport();
    change(casesOf(saved)[0]!);
    const error = errorOf(saved);
    expect(error.code).toBe('INVALID_SAVED_REPORT');
    expect(error.message).toMatch(/^runs\/agent\.json: report\.configs\[0\]\.cases\[0\]/);
    expect(error.message).toMatch(message);
  });
});

describe('buildReportData: what the text board shows', () => {
  it('adds test-suite accuracy, the verdict with its tiers, efficiency and the budget to the board', () => {
    const data = buildReportData({
      runs: [parseSavedRun(JSON.stringify(processReport()))],
      suites: suites(),
    });
    const board = data.runs[0]!.boards[0]!;
    expect(row(board.rows, 'Test-suite strict')?.kind).toBe('interval');
    expect(text(board.rows, 'Test suite')).toBe(
      '5 databases (the original and 4 variants), 41 of 44 differing mutants killed',
    );
    expect(row(board.rows, 'Verdict (3 tiers)')?.kind).toBe('interval');
    expect(text(board.rows, 'Decided by')).toMatch(
      /^ast \d+, execution \d+, judge \d+; judge wanted \d+, asked \d+ \(\$0\.0031\), review 0$/,
    );
    expect(text(board.rows, 'Efficiency')).toMatch(/^VES 0\.912, R-VES 0\.801 over \d+ measured/);
    expect(text(board.rows, 'Over budget')).toMatch(
      /^\d+ of \d+ correct over 3x the gold's cost: chinook_/,
    );
    const d = board.diagnostics;
    expect(row(d, 'Difficulty simple')?.kind).toBe('interval');
    expect(row(d, 'Difficulty complex')).toBeUndefined(); // no case run of that level
    expect(row(d, 'Tag join')?.kind).toBe('interval');
    expect(text(d, 'Normalized exact match')).toMatch(/^\d+ of \d+ \(\d+\.\d%\)$/);
    expect(text(d, 'Component F1 (mean)')).toBe('select 0.912, where 0.750');
    expect(text(d, 'AST similarity (mean)')).toBe('0.874');
    expect(row(d, 'Filter-value accuracy')?.kind).toBe('interval');
    expect(row(d, 'ID accuracy')?.kind).toBe('interval');
    expect(text(d, 'Failures by error class')).toMatch(/^wrong_value \d+ \(100\.0%\)$/);
    expect(board.falsePositives).toEqual([
      'chinook_001 as admin: told apart from the gold by variant_2',
    ]);
    expect(board.reviews).toEqual([]);
  });

  it('lists judged-equivalent disagreements proposed as alternative golds, for review', () => {
    const saved = processReport();
    const run = casesOf(saved).find((c) => c.status === 'fail')!;
    const verdict = (run.diagnostics as Json).verdict as Json;
    Object.assign(verdict, {
      outcome: 'review',
      proposal: { alt_sql: 'SELECT Name FROM Genre LIMIT 5', reason: 'judged equivalent' },
    });
    const data = buildReportData({ runs: [parseSavedRun(JSON.stringify(saved))] });
    expect(data.runs[0]!.boards[0]!.reviews).toEqual([
      `${run.case_id} as ${run.role}: SELECT Name FROM Genre LIMIT 5`,
    ]);
    expect(renderReportPage(data)).toContain(
      `<ul class="reviews"><li>${run.case_id} as ${run.role}: SELECT Name FROM Genre LIMIT 5</li></ul>`,
    );
  });

  it('counts the trajectories: executions per question, recovery, unsafe steps apart, clarify', () => {
    const saved = processReport();
    const cases = casesOf(saved).filter((c) => c.trajectory);
    const data = buildReportData({ runs: [parseSavedRun(JSON.stringify(saved))] });
    const rows = data.runs[0]!.boards[0]!.rows;
    const executions = cases
      .map((c) => (c.trajectory as Json).executions as number)
      .sort((a, b) => a - b);
    expect(text(rows, 'SQL executions per question')).toBe(
      `p50 ${executions[Math.ceil(executions.length / 2) - 1]}, p95 ${executions[Math.ceil(0.95 * executions.length) - 1]}, max ${executions.at(-1)} over ${cases.length} trajectories; ${cases.length} schema calls, ${cases.length - 2} rows read by probes`,
    );
    const sawError = cases.filter((c) => (c.trajectory as Json).errors === 1);
    const recovery = row(rows, 'Error recovery');
    expect(recovery).toMatchObject({
      kind: 'interval',
      total: sawError.length,
      count: sawError.filter((c) => c.status === 'pass').length,
    });
    expect(row(rows, 'Unsafe trajectories')).toMatchObject({ count: 2, total: cases.length });
    const clarified = data.cases.filter((c) => c.clarify !== null).map((c) => c.clarify!.verdict);
    expect(text(rows, 'Clarify outcomes')).toBe(
      `clarified ${clarified.filter((v) => v === 'clarified').length}, guessed ${clarified.filter((v) => v === 'guessed').length}, asked needlessly ${clarified.filter((v) => v === 'asked_needlessly').length}`,
    );
    expect(data.facets.process).toEqual(['trajectory', 'unsafe step', 'saw an error', 'recovered']);
    expect(data.facets.tiers).toEqual(['ast', 'execution', 'judge']);
    const unsafe = data.cases.filter((c) => c.unsafeStep !== null);
    expect(unsafe.map((c) => c.unsafeStep)).toEqual([1, 1]);
  });

  it("names an engine outside this project in the title and on the board, not 'mode plans'", () => {
    const saved = asEngineRun(syntheticSavedReport(chinook, { configs: ['answers.jsonl'] }), {
      name: 'answers.jsonl',
      version: `sha256:${'ab12'.repeat(16)}`,
    });
    const data = buildReportData({ runs: [parseSavedRun(JSON.stringify(saved), 'run.json')] });
    expect(data.title).toBe('Eval report: engine answers.jsonl sha256:ab12ab12ab12, chinook.yaml');
    expect(data.runs[0]!.engine).toBe('engine answers.jsonl sha256:ab12ab12ab12');
    expect(data.runs[0]!.boards[0]!.engine).toBe('engine answers.jsonl sha256:ab12ab12ab12');
    const html = renderReportPage(data);
    expect(html).toContain('<title>Eval report: engine answers.jsonl sha256:ab12ab12ab12');
    expect(html).not.toMatch(/<title>[^<]*mode plans/);
    const http = asEngineRun(syntheticSavedReport(chinook, { configs: ['sqlbot'] }), {
      name: 'sqlbot',
      version: '2.4.1',
    });
    expect(buildReportData({ runs: [parseSavedRun(JSON.stringify(http))] }).title).toBe(
      'Eval report: engine sqlbot 2.4.1, chinook.yaml',
    );
    const reference = syntheticSavedReport(chinook, { configs: ['plans'] });
    expect(buildReportData({ runs: [parseSavedRun(JSON.stringify(reference))] }).title).toBe(
      'Eval report: mode plans, chinook.yaml',
    );
  });

  it('groups k candidates per case and picks the best: first strict pass, else first lenient, else 1', () => {
    // Three candidates; odd cases fail candidates 1 and 2 with swapped columns (lenient pass).
    const saved = withPassAtK(
      syntheticSavedReport(chinook, {
        configs: ['preds.jsonl'],
        passes: 3,
        fails: (_c, i, pass) => (i === 2 ? true : i === 0 ? pass < 3 : false),
      }),
    );
    const data = buildReportData({
      runs: [parseSavedRun(JSON.stringify(saved))],
      suites: suites(),
    });
    const of = (id: string, role: string) =>
      data.cases.filter((c) => c.id === id && c.role === role);
    const first = of('chinook_001', 'admin');
    expect(first.map((c) => c.candidates?.runs.map((r) => r.status))).toEqual(
      Array(3).fill(['fail', 'fail', 'pass']),
    );
    // chinook_001: candidate 3 passes strict, so it is the best though 1 and 2 pass lenient.
    expect(first.every((c) => c.candidates?.best === first[2]!.i)).toBe(true);
    // chinook_003 (odd): every candidate fails strict with swapped columns, passes lenient.
    const third = of('chinook_003', 'admin');
    expect(third[0]!.candidates?.runs.every((r) => r.lenient === 'pass')).toBe(true);
    expect(third[0]!.candidates?.best).toBe(third[0]!.i);
    expect(of('chinook_002', 'admin')[0]!.candidates?.best).toBe(of('chinook_002', 'admin')[0]!.i);
    // Without pass@k (passes of the reference engine), no candidates.
    const passes = syntheticSavedReport(chinook, { configs: ['plans'], passes: 2 });
    const plain = buildReportData({ runs: [parseSavedRun(JSON.stringify(passes))] });
    expect(plain.cases.every((c) => c.candidates === null)).toBe(true);
  });
});
