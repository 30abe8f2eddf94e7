import type { BaselineGate } from './gate-baseline.js';

const LISTED = 10;

/** The gate's verdict as lines: each check, the case runs a partial run lacks, then PASS or FAIL. */
export function renderGate(gated: BaselineGate): string {
  const { result } = gated;
  const out = [`Gate against ${gated.paths.join(', ')}:`];
  for (const check of result.checks) {
    out.push(
      `  ${check.pass ? 'ok  ' : 'FAIL'} ${check.config}${check.score ? ` ${check.score}` : ''} ${check.name}: ${check.explanation}`,
    );
  }
  for (const { config, caseRuns } of gated.missing) {
    const shown = caseRuns.slice(0, LISTED).join(', ');
    const more = caseRuns.length > LISTED ? ` and ${caseRuns.length - LISTED} more` : '';
    const what = `${caseRuns.length} baseline case run(s) were not run (${shown}${more})`;
    out.push(
      gated.allowPartial
        ? `  note ${config} partial_run: ${what}; allowed by --allow-partial`
        : `  FAIL ${config} partial_run: ${what}; run them all, or pass --allow-partial`,
    );
  }
  for (const name of result.currentOnlyConfigs)
    out.push(`  note: config ${name} has no baseline record`);
  out.push(gated.pass ? 'gate: PASS' : 'gate: FAIL');
  return out.join('\n');
}

/** What stands in for the gate when a stopped run was not gated. */
export const GATE_NOT_RUN = 'gate: not run, the run was stopped';
