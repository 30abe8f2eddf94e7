import { deltaText } from './accuracy-delta.js';
import type { BaselineGate } from './baseline-gate.js';
import { type Colors, PLAIN, statusColor } from './terminal-colors.js';

const LISTED = 10;

/**
 * The gate's verdict as lines: how each config's accuracy moved, each check, the case runs a
 * partial run lacks, then PASS or FAIL (coloured when `colors` are on).
 */
export function renderGate(gated: BaselineGate, colors: Colors = PLAIN): string {
  const { result } = gated;
  const out = [`Gate against ${gated.paths.join(', ')}:`];
  for (const delta of gated.deltas) out.push(`  delta ${deltaText(delta, colors)}`);
  for (const check of result.checks) {
    const word = check.pass ? 'ok  ' : 'FAIL';
    out.push(
      `  ${statusColor(colors, word.trim(), word)} ${check.config}${check.score ? ` ${check.score}` : ''} ${check.name}: ${check.explanation}`,
    );
  }
  for (const { config, caseRuns } of gated.missing) {
    const shown = caseRuns.slice(0, LISTED).join(', ');
    const more = caseRuns.length > LISTED ? ` and ${caseRuns.length - LISTED} more` : '';
    const what = `${caseRuns.length} baseline case run(s) were not run (${shown}${more})`;
    out.push(
      gated.allowPartial
        ? `  note ${config} partial_run: ${what}; allowed by --allow-partial`
        : `  ${statusColor(colors, 'fail', 'FAIL')} ${config} partial_run: ${what}; run them all, or pass --allow-partial`,
    );
  }
  for (const name of result.currentOnlyConfigs)
    out.push(`  note: config ${name} has no baseline record`);
  out.push(
    gated.pass
      ? `gate: ${statusColor(colors, 'pass', 'PASS')}`
      : `gate: ${statusColor(colors, 'fail', 'FAIL')}`,
  );
  return out.join('\n');
}

/** What stands in for the gate when a stopped run was not gated. */
export const GATE_NOT_RUN = 'gate: not run, the run was stopped';
