import type { CheckReport } from '@nl2sql/sqlcheck';

/**
 * The report as text. A finding several levels make (a statement chain is L1's "one
 * statement" and L3's safety rule) is named once, at the first, with the levels that made
 * it; the JSON keeps every level's list whole.
 */
export function checkReportText(report: CheckReport): string {
  const lines: string[] = [];
  const levelsOf = new Map<string, string[]>();
  for (const level of report.levels)
    for (const v of level.violations)
      levelsOf.set(v.rule, [...(levelsOf.get(v.rule) ?? []), level.level]);
  const named = new Set<string>();
  for (const level of report.levels) {
    const state = level.skipped ? 'skipped' : level.pass ? 'pass' : 'FAIL';
    lines.push(`${level.level} ${level.name.padEnd(7)} ${state}`);
    for (const v of level.violations) {
      const levels = [...new Set(levelsOf.get(v.rule))];
      if (named.has(v.rule)) {
        lines.push(`   - [${v.rule}] (named under ${levels[0]})`);
        continue;
      }
      named.add(v.rule);
      lines.push(
        `   - [${v.rule}] ${v.message}${levels.length > 1 ? ` (${levels.join(', ')})` : ''}`,
      );
    }
  }
  lines.push(report.pass ? 'All checks passed.' : 'Checks failed.');
  return lines.join('\n');
}
