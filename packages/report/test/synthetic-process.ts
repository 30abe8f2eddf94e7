// What a saved report holds beyond the verdicts, added to a synthetic one (synthetic-run.ts):
// the runner's diagnostics per case run and per board, an agent's trajectory and the
// clarify outcome (the case run fields issue 28 adds), an engine's identity in the records,
// and pass@k for a predictions file's candidates.

import { wilson } from '@nl2sql/gate';

type Json = Record<string, unknown>;

export interface ProcessOptions {
  /** Case runs (by position in their config) whose trajectory has an unsafe step. */
  readonly unsafe?: (index: number, run: Json) => boolean;
  /** Case runs given a clarify outcome, and which. */
  readonly clarify?: (index: number, run: Json) => string | null;
  /** Text put into every step's SQL and error (hostile text for the escaping test). */
  readonly stepText?: string;
}

const TIERS = ['ast', 'execution', 'judge'] as const;

const configsOf = (saved: Json) =>
  (saved.report as { configs: { cases: Json[]; metrics: Json }[] }).configs;

/** Diagnostics, a trajectory and clarify on every case run that answered; board diagnostics. */
export function addProcess(saved: Json, options: ProcessOptions = {}): Json {
  for (const config of configsOf(saved)) {
    config.cases.forEach((run, index) => {
      if (run.sql === null) return;
      const pass = run.status === 'pass';
      const tier = TIERS[index % 3]!;
      run.diagnostics = {
        normalized_match: pass && tier === 'ast',
        component_f1: { select: pass ? 1 : 0.5, where: 0.75 },
        ast_similarity: pass ? 1 : 0.62,
        filter_values: {
          total: 2,
          present: pass ? 2 : 1,
          all_present: pass,
          ids: { total: 1, present: 1 },
          missing: pass ? [] : ["'Rock'"],
        },
        difficulty: 'simple',
        error_class: pass ? null : 'wrong_value',
        error_evidence: pass ? [] : ["'Rock' missing from WHERE"],
        empty_match: false,
        test_suite: {
          pass,
          lenient: run.lenient_status === 'pass',
          distinguished_by: pass ? null : 'variant_3',
          databases: pass ? 5 : 4,
        },
        verdict: {
          pass,
          tier,
          outcome: pass ? (tier === 'ast' ? 'ast_match' : 'rows_match') : 'rows_differ',
          reason: pass ? `${tier} tier: the same as the gold` : 'the rows differ',
          ...(tier === 'judge'
            ? { judge: { equivalent: pass, reason: 'same filter, other spelling' } }
            : {}),
        },
        efficiency: pass
          ? {
              status: 'measured',
              time_ratio: 0.8,
              ves_reward: 0.894,
              rves_reward: 0.75,
              added_full_scans: index % 4 === 0 ? ['Track'] : [],
              cost: {
                unit: 'rows_read',
                gold: 100,
                prediction: index % 4 === 0 ? 350 : 90,
                ratio: index % 4 === 0 ? 3.5 : 0.9,
                budget_x: 3,
                budget_max: null,
                over_budget: index % 4 === 0,
              },
            }
          : {
              status: 'incorrect',
              time_ratio: 0,
              ves_reward: 0,
              rves_reward: 0,
              added_full_scans: [],
            },
      };
      const unsafe = options.unsafe?.(index, run) ?? false;
      const sawError = index % 5 === 2;
      const text = options.stepText ?? '';
      const steps: Json[] = [
        { kind: 'schema', call: 'list_columns', target: 'Track', error: null },
        {
          kind: 'sql',
          sql: unsafe ? `DELETE FROM Invoice${text}` : `SELECT COUNT(*) FROM Track${text}`,
          error: null,
          row_count: unsafe ? null : 1,
          unsafe: unsafe ? 'writes: DELETE is not a read' : null,
        },
        ...(sawError
          ? [
              {
                kind: 'sql',
                sql: 'SELECT Nme FROM Artist',
                error: `no such column: Nme${text}`,
                row_count: null,
                unsafe: null,
              },
              { kind: 'error', message: `the agent read the error: no such column${text}` },
            ]
          : []),
        { kind: 'sql', sql: run.sql, error: null, row_count: run.row_count, unsafe: null },
      ];
      run.trajectory = {
        steps,
        executions: steps.filter((s) => s.kind === 'sql').length,
        schema_calls: 1,
        errors: sawError ? 1 : 0,
        recovered: sawError && pass,
        probe_rows: unsafe ? 0 : 1,
        unsafe_step: unsafe ? 1 : null,
      };
      const clarify = options.clarify?.(index, run) ?? null;
      run.clarify =
        clarify === null
          ? null
          : {
              verdict: clarify,
              question: clarify === 'guessed' ? null : 'Which year do you mean: 2009 or 2013?',
            };
    });
    config.metrics = { ...config.metrics, diagnostics: boardDiagnostics(config.cases) };
  }
  return saved;
}

/** metrics.diagnostics as the runner sums it, from the case runs' own. */
function boardDiagnostics(cases: readonly Json[]): Json {
  const answered = cases.filter((c) => c.diagnostics !== undefined);
  const diag = (c: Json) => c.diagnostics as Json;
  const verdict = (c: Json) => diag(c).verdict as Json;
  const rate = (count: number, total: number) => {
    const w = wilson(count, Math.max(1, total));
    return { count, total, rate: total === 0 ? 0 : count / total, lower: w.lower, upper: w.upper };
  };
  const passing = answered.filter((c) => verdict(c).pass === true).length;
  const tsPass = answered.filter((c) => (diag(c).test_suite as Json).pass === true).length;
  const failures = answered.length - passing;
  const tier = (t: string) => answered.filter((c) => verdict(c).tier === t).length;
  const overBudget = answered.filter(
    (c) => ((diag(c).efficiency as Json).cost as Json | undefined)?.over_budget === true,
  );
  const falsePositive = cases.find((c) => c.status === 'pass');
  return {
    by_difficulty: { simple: rate(passing, answered.length), complex: rate(0, 0) },
    by_tag: { join: rate(Math.min(3, passing), Math.min(5, answered.length)) },
    failures,
    error_classes: failures === 0 ? {} : { wrong_value: { count: failures, share: 1 } },
    empty_matches: { passes: 1, accuracy_without: rate(passing - 1, answered.length - 1) },
    filter_value_accuracy: rate(passing, answered.length),
    id_accuracy: rate(answered.length, answered.length),
    test_suite: {
      databases: 5,
      mutants_killed: 41,
      mutants_semantic: 44,
      strict: rate(tsPass, answered.length),
      lenient: rate(tsPass, answered.length),
      false_positives: falsePositive
        ? [
            {
              case_id: falsePositive.case_id,
              role: falsePositive.role,
              pass: 1,
              distinguished_by: 'variant_2',
            },
          ]
        : [],
    },
    verdict: {
      accuracy: rate(passing, answered.length),
      by_tier: { ast: tier('ast'), execution: tier('execution'), judge: tier('judge') },
      by_outcome: { rows_match: passing, rows_differ: failures },
      judge_wanted: tier('judge'),
      judge_asked: tier('judge'),
      judge_cost_usd: 0.0031,
      review: 0,
    },
    sql_similarity: {
      compared: answered.length,
      normalized_match: tier('ast'),
      component_f1: { select: 0.912, where: 0.75 },
      ast_similarity: 0.874,
    },
    efficiency: {
      ves: 0.912,
      rves: 0.801,
      measured: passing,
      incorrect: failures,
      timeouts: 0,
      unmeasured: 0,
      added_full_scans: 2,
      budget: {
        budget_x: 3,
        budget_max: null,
        budgeted: passing,
        unbudgeted: 0,
        over_budget: overBudget.length,
        over_budget_cases: overBudget.map((c) => String(c.case_id)),
      },
    },
  };
}

/** The run as an engine outside this project's: its records of kind engine name it. */
export function asEngineRun(saved: Json, engine: { name: string; version: string }): Json {
  for (const record of saved.records as Json[]) {
    record.kind = 'engine';
    record.engine = { ...engine, models: null };
    const scoreboard = record.scoreboard as { settings: Json };
    scoreboard.settings = { ...scoreboard.settings, mode: 'plans' };
  }
  for (const config of configsOf(saved) as unknown as Json[]) config.rows = 'executed';
  return saved;
}

/** pass@k on each board, as a predictions file with k candidates (its passes) has it. */
export function withPassAtK(saved: Json): Json {
  for (const config of configsOf(saved)) {
    const byCase = new Map<string, Json[]>();
    for (const run of config.cases) {
      const key = JSON.stringify([run.case_id, run.role]);
      byCase.set(key, [...(byCase.get(key) ?? []), run]);
    }
    const groups = [...byCase.values()];
    const k = Math.max(...groups.map((g) => g.length));
    const share = (pred: (g: Json[]) => boolean) => {
      const count = groups.filter(pred).length;
      return { count, total: groups.length, rate: count / groups.length };
    };
    config.metrics = {
      ...config.metrics,
      pass_at_k: {
        k,
        strict: share((g) => g.some((r) => r.status === 'pass')),
        lenient: share((g) => g.some((r) => r.lenient_status === 'pass')),
        first: {
          strict: share((g) => g.find((r) => r.pass === 1)?.status === 'pass'),
          lenient: share((g) => g.find((r) => r.pass === 1)?.lenient_status === 'pass'),
        },
      },
    };
  }
  return saved;
}
