// A saved report made from the real Chinook suite, the way the runner makes one: each case
// asked as each role in each pass of each config; chosen case runs return wrong rows (a row
// dropped, columns swapped) and are scored with the real comparator and faithfulness
// checker, so the page is tested on verdicts the packages themselves produce.

import { compareAny, formatVerdict } from '@nl2sql/comparator';
import { CHINOOK_SUITE_PATH } from '@nl2sql/datasets';
import { checkAnswer } from '@nl2sql/faithfulness';
import { wilson } from '@nl2sql/gate';
import { createRecord, type RunRecord } from '@nl2sql/records';
import { type EvalCase, type EvalSuite, loadSuite, suiteFileDigest } from '@nl2sql/suite';
import { goldTables } from '../src/case-view.js';
import { rowsDigest } from '../src/reexecute.js';

export interface SyntheticOptions {
  /** Config names; each gets every case run. */
  readonly configs: readonly string[];
  readonly passes?: number;
  /** Which case runs fail: (config index, case index, pass) -> true to fail. */
  readonly fails?: (config: number, caseIndex: number, pass: number) => boolean;
  /** Write an answer with one unsupported number on every allowed run. */
  readonly answers?: boolean;
  /** Keep result rows in the saved report (default true). */
  readonly results?: boolean;
  readonly startedAt?: string;
  readonly commit?: string;
  /** Repeat the suite's cases this many times (ids suffixed), for size tests. */
  readonly repeat?: number;
}

export interface Chinook {
  readonly suite: EvalSuite;
  readonly digest: string;
  readonly path: string;
}

export async function chinookSuite(): Promise<Chinook> {
  return {
    suite: await loadSuite(CHINOOK_SUITE_PATH),
    digest: await suiteFileDigest(CHINOOK_SUITE_PATH),
    path: CHINOOK_SUITE_PATH,
  };
}

export const DATABASE = {
  datasource_id: 'chinook',
  engine: 'sqlite',
  schema_fingerprint: '63b6378db9024e8970885ea72607db18468174929fd366c719ce3c95a1baa13b',
  tables: 11,
  columns: 64,
};

type Json = Record<string, unknown>;

/** The saved report (`{ format, version, report, records }`) as parsed JSON. */
export function syntheticSavedReport(chinook: Chinook, options: SyntheticOptions): Json {
  const passes = options.passes ?? 1;
  const fails = options.fails ?? (() => false);
  const repeat = options.repeat ?? 1;
  const roles = ['admin', 'catalog', 'sales'];
  const started = options.startedAt ?? '2026-11-30T10:00:00.000Z';
  const cases: EvalCase[] = [];
  for (let r = 0; r < repeat; r++) {
    for (const c of chinook.suite.cases) cases.push(r === 0 ? c : { ...c, id: `${c.id}_r${r}` });
  }
  const configs = options.configs.map((name, ci) => {
    const runs: Json[] = [];
    cases.forEach((c, index) => {
      for (const role of Object.keys(c.outcome).sort()) {
        for (let pass = 1; pass <= passes; pass++) {
          runs.push(
            caseRun(c, role, pass, fails(ci, index % chinook.suite.cases.length, pass), options),
          );
        }
      }
    });
    return { name, runs };
  });
  const dataset = { name: 'chinook.yaml', digest: chinook.digest };
  const settings = { roles, curated: false, passes, max_cost_usd: null, retrieval: null };
  const records: RunRecord[] = configs.map(({ name, runs }) =>
    createRecord({
      kind: 'plans',
      engineVersion: '0.0.0',
      dataset,
      database: DATABASE,
      config: { name, nodes: {} },
      metrics: metricsOf(runs) as never,
      scoreboard: {
        planned_cases: runs.length,
        completed_cases: runs.length,
        stopped: null,
        settings,
        cases: runs.map(({ result: _r, answer: _a, ...rest }) => rest) as never,
      },
      git: {
        commit: options.commit ?? 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678',
        shortSha: 'a1b2c3d',
        dirty: false,
        root: null,
      },
      recordedAt: new Date(Date.parse(started) + 60_000),
    }),
  );
  return {
    format: 'nl2sql-eval-report',
    version: 1,
    report: {
      mode: 'plans',
      dataset,
      database: DATABASE,
      settings,
      planned_cases: configs.reduce((n, c) => n + c.runs.length, 0),
      completed_cases: configs.reduce((n, c) => n + c.runs.length, 0),
      stopped: null,
      dollars: 0,
      started_at: started,
      timings: { wall_ms: 1234, engine_ms: 1000, database_ms: 500, scoring_ms: 20 },
      configs: configs.map(({ name, runs }) => ({
        config: { name, nodes: {} },
        planned_cases: runs.length,
        completed_cases: runs.length,
        metrics: metricsOf(runs),
        cases: runs,
      })),
    },
    records,
  };
}

function caseRun(
  c: EvalCase,
  role: string,
  pass: number,
  fail: boolean,
  options: SyntheticOptions,
): Json {
  const expected = c.outcome[role]!;
  const base = {
    case_id: c.id,
    role,
    pass,
    generated_status: null,
    expected,
    cost_usd: 0.0012,
    latency_ms: 100 + ((c.id.length * 37 + pass * 11) % 400),
    harness_ms: 0.4,
    tokens: { input: 900, cached_input: 0, cache_write: 0, output: 120, reasoning: 0 },
    curated: false,
  };
  if (expected !== 'allowed' || c.sql === undefined || c.rows === undefined) {
    const code = expected === 'refused' ? 'FORBIDDEN' : 'QUESTION_NOT_ANSWERABLE';
    return {
      ...base,
      status: 'pass',
      lenient_status: 'pass',
      engine_status: 'error',
      error: { code, message: `the engine said ${code}` },
      sql: null,
      rows_digest: null,
      row_count: null,
      scores: {
        outcome: score(true, null, { expected, actual: expected, error_code: code }, 'execution'),
      },
      explanation: null,
      result: null,
      answer: null,
    };
  }
  const width = c.rows[0]?.length ?? 1;
  const columns = Array.from({ length: width }, (_, i) => `col_${i + 1}`);
  let rows = c.rows.map((row) => [...row]);
  let sql = c.sql;
  if (fail) {
    const caseNumber = Number(c.id.slice('chinook_'.length, 'chinook_'.length + 3));
    if (caseNumber % 2 === 1 && width >= 2) {
      // Odd cases: the columns come back swapped, which lenient accepts and strict does not.
      rows = rows.map((row) => [row[1]!, row[0]!, ...row.slice(2)]);
      columns.splice(0, 2, 'col_2', 'col_1');
    } else {
      // Even cases: the last row's first cell changes, so both scores find the rows differ.
      const last = rows[rows.length - 1];
      if (last)
        last[0] = typeof last[0] === 'number' ? last[0] + 1 : `${String(last[0])} (changed)`;
      else rows = [[...Array(width).keys()].map(() => 'extra')];
    }
    sql = sql.includes('DESC') ? sql.replace('DESC', 'ASC') : `${sql}\nLIMIT 3`;
  }
  const result = { columns, rows };
  const golds = goldTables(c, width);
  const strict = compareAny(golds, result, { orderMatters: c.order_matters, score: 'strict' });
  const lenient = strict.pass
    ? strict
    : compareAny(golds, result, { orderMatters: c.order_matters, score: 'lenient' });
  const explanation = strict.pass ? null : `${formatVerdict(strict)}; ${formatVerdict(lenient)}`;
  const answer = options.answers
    ? {
        summary: null,
        content: `There are ${rows.length} rows; the total is 987654.32 and "Nowhere Band" leads.`,
      }
    : null;
  const scores: Json = {
    outcome: score(true, null, { expected, actual: 'allowed', error_code: null }, 'execution'),
    result_match: {
      pass: strict.pass,
      lenient: lenient.pass,
      explanation,
      detail: {
        strict: {
          pass: strict.pass,
          matched_gold: strict.matchedGold,
          reason: strict.reason ?? null,
        },
        lenient: {
          pass: lenient.pass,
          matched_gold: lenient.matchedGold,
          mapping: lenient.mapping,
          reason: lenient.reason ?? null,
        },
        empty_match: strict.emptyMatch,
        truncated: false,
      },
      kind: 'execution',
    },
    sql_checks: score(
      !fail,
      fail ? 'L3 safety: LIMIT 1001 is outside 1..1000' : null,
      {
        levels: [
          { level: 'L1', name: 'syntax', pass: true, skipped: false, violations: [] },
          {
            level: 'L3',
            name: 'safety',
            pass: !fail,
            skipped: false,
            violations: fail
              ? [{ rule: 'limit-out-of-range', message: 'LIMIT 1001 is outside 1..1000' }]
              : [],
          },
        ],
      },
      'diagnostic',
    ),
  };
  if (answer) {
    const v = checkAnswer(answer, result, c.question);
    scores.faithfulness = score(
      v.faithful,
      v.faithful ? null : 'unsupported',
      {
        faithful: v.faithful,
        unsupported_numbers: v.unsupported_numbers,
        unsupported_entities: v.unsupported_entities,
        checked: v.checked,
      },
      'quality',
    );
  }
  return {
    ...base,
    status: strict.pass ? 'pass' : 'fail',
    lenient_status: lenient.pass ? 'pass' : 'fail',
    engine_status: 'success',
    error: null,
    sql,
    rows_digest: rowsDigest(rows),
    row_count: rows.length,
    scores,
    explanation,
    result: options.results === false ? null : { columns, rows, truncated: false },
    answer,
  };
}

function score(pass: boolean, explanation: string | null, detail: Json, kind: string): Json {
  return { pass, lenient: pass, explanation, detail, kind };
}

function metricsOf(runs: readonly Json[]): Json {
  const n = runs.length;
  const strict = runs.filter((r) => r.status === 'pass').length;
  const lenient = runs.filter((r) => r.lenient_status === 'pass').length;
  const acc = (k: number) => {
    const w = wilson(k, n);
    return { count: k, total: n, rate: k / n, lower: w.lower, upper: w.upper };
  };
  return {
    accuracy: { execution: { strict: acc(strict), lenient: acc(lenient) } },
    accuracy_all_scorers: { count: strict, total: n, rate: strict / n },
    accuracy_generated: null,
    pass_k: null,
    answerability: { count: n, total: n, rate: 1 },
    dollars: { total: n * 0.0012, per_case_run: 0.0012 },
    tokens: { input: n * 900, cached_input: 0, cache_write: 0, output: n * 120, reasoning: 0 },
    latency: { p50_ms: 180, p95_ms: 460 },
    harness_overhead: { p50_ms: 0.4, p95_ms: 1.2 },
    determinism: null,
    faithfulness: null,
  };
}
