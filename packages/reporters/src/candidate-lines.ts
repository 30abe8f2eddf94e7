// A predictions run whose file proposes k candidates per case runs candidate i as pass i
// (eval/predictions-engine.ts). Its drill-down is by case, not by case run: a case is
// listed as failing only when no candidate passed, with its best candidate's failure (a
// lenient pass before a plain failure, else the earliest); and the per-candidate verdicts
// of each case whose candidates disagree (decisions/prediction-files.md).
import type { CaseResult, ConfigReport } from '@nl2sql/runner';
import { type Colors, PLAIN, statusColor } from './terminal-colors.js';

/** k, when a predictions board's file proposes several candidates per case; else null. */
export function candidatesOf(board: ConfigReport): number | null {
  const m = board.metrics;
  return board.kind === 'engine' && 'pass_at_k' in m && m.pass_at_k ? m.pass_at_k.k : null;
}

/** The case runs of one case and role, by candidate (pass) in order. */
function byCase(board: ConfigReport): Array<{ name: string; runs: CaseResult[] }> {
  const groups = new Map<string, { name: string; runs: CaseResult[] }>();
  for (const r of board.cases) {
    const key = JSON.stringify([r.caseId, r.role]);
    let group = groups.get(key);
    if (group === undefined) {
      group = { name: `${r.caseId}${r.role === null ? '' : ` as ${r.role}`}`, runs: [] };
      groups.set(key, group);
    }
    group.runs.push(r);
  }
  for (const g of groups.values()) g.runs.sort((a, b) => a.pass - b.pass);
  return [...groups.values()];
}

/** The cases no candidate passed, each with its best candidate's failure. */
export function candidateFailingLines(
  board: ConfigReport,
  k: number,
  colors: Colors = PLAIN,
): string[] {
  const lines: string[] = [];
  for (const { name, runs } of byCase(board)) {
    if (runs.some((r) => r.status === 'pass')) continue;
    const best = runs.find((r) => r.lenientStatus === 'pass') ?? runs[0];
    if (best === undefined) continue;
    const lenient = best.lenientStatus === 'pass' ? colors.yellow(' [lenient pass]') : '';
    lines.push(
      `  ${name}: ${statusColor(colors, best.status)}${lenient}: best of ${k} candidates, candidate ${best.pass}: ${best.explanation ?? 'no explanation'}`,
    );
  }
  return lines;
}

/** Each case whose candidates got different verdicts: `1 pass, 2 fail, ...`. */
export function candidateVerdictLines(board: ConfigReport): string[] {
  return byCase(board).flatMap(({ name, runs }) =>
    new Set(runs.map((r) => r.status)).size > 1
      ? [`  ${name}: ${runs.map((r) => `${r.pass} ${r.status}`).join(', ')}`]
      : [],
  );
}
