import type { GateResult } from '@nl2sql/gate';

/** The gate's verdict as lines: each check, then PASS or FAIL. */
export function renderGate(result: GateResult, baselinePaths: readonly string[]): string {
  const out = [`Gate against ${baselinePaths.join(', ')}:`];
  for (const check of result.checks) {
    out.push(
      `  ${check.pass ? 'ok  ' : 'FAIL'} ${check.config}${check.score ? ` ${check.score}` : ''} ${check.name}: ${check.explanation}`,
    );
  }
  for (const name of result.currentOnlyConfigs)
    out.push(`  note: config ${name} has no baseline record`);
  out.push(result.pass ? 'gate: PASS' : 'gate: FAIL');
  return out.join('\n');
}
