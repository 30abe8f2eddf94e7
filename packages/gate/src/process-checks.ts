// The gate's checks of how an agent got to its answers, beside whether they were right: SQL
// executions per question may not rise beyond a threshold (like cost per case run: an agent
// that needs twice the probes for the same accuracy regressed), and a clarify verdict that
// got worse (more guesses where the case expects a question, more needless questions) is
// held to the regression count. Runs without trajectories or clarify cases add no check.
import type { CaseRun } from './run-summary.js';

/** One process check's verdict; gate.ts turns it into a GateCheck. */
export interface ProcessCheck {
  readonly name: 'max_executions_increase' | 'max_guessed' | 'max_asked_needlessly';
  readonly pass: boolean;
  readonly value: number | null;
  readonly threshold: number;
  readonly explanation: string;
}

// Ratios of means of counts; ignore float noise at the threshold.
const EPSILON = 1e-9;

/** Mean executions per case run over those that carry a count; null when none does. */
export function executionsPerQuestion(runs: readonly CaseRun[]): number | null {
  const counted = runs.filter((run) => run.executions !== undefined);
  if (counted.length === 0) return null;
  return counted.reduce((sum, run) => sum + (run.executions ?? 0), 0) / counted.length;
}

/** max_executions_increase: the relative rise in executions per question, held to `limit`. */
export function executionsCheck(
  config: string,
  before: readonly CaseRun[],
  after: readonly CaseRun[],
  limit: number,
): ProcessCheck | null {
  const was = executionsPerQuestion(before);
  const now = executionsPerQuestion(after);
  if (was === null && now === null) return null;
  const base = { name: 'max_executions_increase' as const, threshold: limit };
  if (was === null || now === null) {
    const missing = was === null ? 'the baseline' : 'the current run';
    return {
      ...base,
      pass: true,
      value: null,
      explanation: `${config}: no trajectory recorded in ${missing}, so executions per question were not compared`,
    };
  }
  const rise = was === 0 ? (now === 0 ? 0 : Number.POSITIVE_INFINITY) : now / was - 1;
  const pass = rise <= limit + EPSILON;
  const percent = Number.isFinite(rise) ? `${signed(rise * 100)}%` : 'up from none';
  return {
    ...base,
    pass,
    value: rise,
    explanation: `${config}: SQL executions per question went from ${was.toFixed(2)} to ${now.toFixed(2)} (${percent}), ${pass ? 'within' : 'more than'} max_executions_increase ${signed(limit * 100)}%`,
  };
}

/**
 * max_guessed and max_asked_needlessly: case runs judged so may rise by at most
 * `maxRegressions` (the gate's count limit); null when neither run has clarify verdicts.
 */
export function clarifyChecks(
  config: string,
  before: readonly CaseRun[],
  after: readonly CaseRun[],
  maxRegressions: number,
): ProcessCheck[] {
  if (!before.some((r) => r.clarify) && !after.some((r) => r.clarify)) return [];
  const count = (runs: readonly CaseRun[], verdict: CaseRun['clarify']) =>
    runs.filter((r) => r.clarify === verdict).length;
  const checks: ProcessCheck[] = [];
  for (const [name, verdict, words] of [
    ['max_guessed', 'guessed', 'guessed where a clarifying question was expected'],
    ['max_asked_needlessly', 'asked_needlessly', 'asked back where an answer was expected'],
  ] as const) {
    const was = count(before, verdict);
    const now = count(after, verdict);
    const rise = now - was;
    const pass = rise <= maxRegressions;
    checks.push({
      name,
      pass,
      value: rise,
      threshold: maxRegressions,
      explanation: `${config}: ${now} case run(s) ${words}, ${was} in the baseline (${signed(rise)}), ${pass ? 'within' : 'more than'} max_regressions ${maxRegressions}`,
    });
  }
  return checks;
}

function signed(value: number): string {
  const text = Number.isInteger(value) ? String(value) : value.toFixed(1);
  return value > 0 ? `+${text}` : text;
}
