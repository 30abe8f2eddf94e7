// What a finished run must show to exit 0, beyond the gate: that it ran to the end (a run
// stopped at the dollar cap is partial unless the run allows it), that it scored something
// (a run whose every ask failed on the transport, the engine or an LLM measured nothing),
// and, when asked, that each config reached a strict accuracy (decisions/cli-run-exit-rules.md)
// and kept within the efficiency budget (decisions/efficiency-budgets.md).

import type { ProjectGate } from '@nl2sql/project';
import { isRetrievalMetrics } from '@nl2sql/records';
import type { RunReport } from '@nl2sql/runner';
import type { EvaluateOptions } from '../evaluate-options.js';
import { EXIT, type ExitCode } from '../exit-codes.js';

/** What the run is held to: `--allow-partial`, `--min-accuracy`, else evals.yaml's gate section. */
export interface RunExitRules {
  readonly allowPartial: boolean;
  /** Strict accuracy each config must reach, 0 to 1; undefined: none. */
  readonly minAccuracy?: number;
  /** Most EX-correct case runs of a config over the efficiency budget; undefined: none. */
  readonly maxOverBudget?: number;
}

/**
 * The rules the options and the project set (a flag wins). `accuracy: false` leaves the
 * minimum out (a shard's accuracy is of part of the run).
 */
export function runExitRules(
  given: Pick<EvaluateOptions, 'minAccuracy' | 'maxOverBudget' | 'allowPartial'>,
  gate: ProjectGate = {},
  options: { accuracy?: boolean } = {},
): RunExitRules {
  const min = typeof given.minAccuracy === 'number' ? given.minAccuracy : gate.minAccuracy;
  const over = typeof given.maxOverBudget === 'number' ? given.maxOverBudget : gate.maxOverBudget;
  const whole = options.accuracy !== false;
  return {
    allowPartial: given.allowPartial === true || gate.allowPartial === true,
    ...(min !== undefined && whole ? { minAccuracy: min } : {}),
    ...(over !== undefined && whole ? { maxOverBudget: over } : {}),
  };
}

/** The verdict of the rules: lines for stderr, and the exit code they call for (0 when none). */
export interface RunExitVerdict {
  readonly lines: readonly string[];
  readonly exitCode: ExitCode;
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const firstLine = (text: string) => {
  const line = text.split(/\r?\n/, 1)[0] ?? '';
  return line.length > 200 ? `${line.slice(0, 200)}...` : line;
};

/** `3 TRANSPORT_ERROR, 1 TIMEOUT`: the error codes of a config's case runs, most common first. */
function errorCounts(cases: RunReport['configs'][number]['cases']): string {
  const counts = new Map<string, number>();
  for (const r of cases) {
    const code = r.error?.code ?? 'no error code';
    counts.set(code, (counts.get(code) ?? 0) + 1);
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([code, n]) => `${n} ${code}`)
    .join(', ');
}

/**
 * The efficiency guardrail of one config (001 §7). A run that measured no budget fails: the
 * limit was asked for and nothing shows it was kept.
 */
function overBudgetLine(
  board: RunReport['configs'][number],
  max: number,
): { text: string; fail: boolean } | null {
  const m = board.metrics;
  if (isRetrievalMetrics(m)) return null;
  const b = m.diagnostics?.efficiency?.budget;
  const name = `config ${board.config.name}`;
  if (!b) {
    return {
      text: `nl2sql: FAIL max over budget: ${name} has no efficiency budget measured (run with --efficiency)`,
      fail: true,
    };
  }
  const fail = b.over_budget > max;
  const cases = b.over_budget > 0 ? ` (${b.over_budget_cases.join(', ')})` : '';
  const unsized = b.unbudgeted > 0 ? `; ${b.unbudgeted} correct case run(s) not sized` : '';
  return {
    text: `${fail ? 'nl2sql: FAIL' : 'ok'} max over budget: ${name} has ${b.over_budget} of ${b.budgeted} correct case run(s) over budget${cases}, ${fail ? 'more than' : 'within'} ${max}${unsized}`,
    fail,
  };
}

/**
 * Holds `report` to the rules. Most severe first: a config that scored nothing is exit 3 (the
 * engine, its transport or its model could not be reached or used: the setup is wrong, the
 * run measured nothing); a cap stop not allowed, or an accuracy below the minimum, is exit 1.
 */
export function runExitVerdict(report: RunReport, rules: RunExitRules): RunExitVerdict {
  const lines: string[] = [];
  let exitCode: ExitCode = EXIT.ok;
  for (const board of report.configs) {
    const done = board.cases;
    if (done.length === 0 || done.some((r) => r.status !== 'error')) continue;
    const first = done[0];
    const why = first?.error?.message ?? first?.explanation ?? 'no message';
    lines.push(
      `nl2sql: config ${board.config.name} scored nothing: all ${done.length} case run(s) ended in errors before an answer (${errorCounts(done)}); first: ${first?.caseId}: ${firstLine(why)}`,
    );
    exitCode = EXIT.config;
  }
  if (report.stopped === 'max_cost') {
    const what = `the run stopped at the cost cap ($${report.settings.max_cost_usd}): ${report.completedCases} of ${report.plannedCases} case runs completed`;
    if (rules.allowPartial) {
      lines.push(`nl2sql: ${what}; a partial run, allowed by --allow-partial`);
    } else {
      lines.push(
        `nl2sql: ${what}; a partial run is not a pass (raise --max-cost, or pass --allow-partial)`,
      );
      if (exitCode === EXIT.ok) exitCode = EXIT.failed;
    }
  }
  if (rules.minAccuracy !== undefined) {
    for (const board of report.configs) {
      const m = board.metrics;
      if (isRetrievalMetrics(m)) continue;
      const a = m.accuracy.execution.strict;
      const below = a.total === 0 || a.rate < rules.minAccuracy;
      const figure =
        a.total === 0
          ? 'no case run scored'
          : `${a.count}/${a.total} ${pct(a.rate)} (Wilson 95% ${pct(a.lower)}-${pct(a.upper)})`;
      lines.push(
        `${below ? 'nl2sql: FAIL' : 'ok'} min accuracy: config ${board.config.name} strict accuracy ${figure} ${below ? 'is below' : 'reaches'} ${pct(rules.minAccuracy)}`,
      );
      if (below && exitCode === EXIT.ok) exitCode = EXIT.failed;
    }
  }
  if (rules.maxOverBudget !== undefined) {
    for (const board of report.configs) {
      const line = overBudgetLine(board, rules.maxOverBudget);
      if (line === null) continue;
      lines.push(line.text);
      if (line.fail && exitCode === EXIT.ok) exitCode = EXIT.failed;
    }
  }
  return { lines, exitCode };
}
