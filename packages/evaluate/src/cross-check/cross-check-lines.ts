// What `suite cross-check` prints: one line per case as it is checked, a line per engine
// difference worth reading, and the counts at the end.

import {
  CROSS_CHECK_CLASSES,
  type CrossCheckCase,
  type CrossCheckReport,
  DIFFERENCE_REASONS,
  type EngineCheck,
  SNAPSHOT_CLASS_REASONS,
  type SnapshotCheck,
  type SnapshotCheckReport,
} from '@nl2sql/suite';

function engineLine(id: string, check: EngineCheck): string {
  const how = check.sqlSource === 'by_engine' ? `its own ${check.engine} SQL` : 'transpiled';
  const what = check.problem ?? DIFFERENCE_REASONS[check.difference];
  return `${check.ok ? 'ok  ' : 'FAIL'} ${id} ${check.engine} (${how}): ${what}`;
}

/** One line per case: its class over every engine, then each engine's difference. */
export function caseLines(result: CrossCheckCase): string[] {
  const engines = result.engines
    .map((e) => `${e.engine} ${e.failed ? 'fails' : e.difference}`)
    .join(', ');
  return [
    `${result.classification.padEnd(20)} ${result.id}: ${engines}`,
    ...result.engines
      .filter((check) => !check.ok || check.difference !== 'same')
      .map((check) => `  ${engineLine(result.id, check)}`),
  ];
}

/** The totals: cases per class, then per engine what is the same, tolerated, recorded or wrong. */
export function summaryLines(report: CrossCheckReport): string[] {
  const count = (test: (c: CrossCheckCase) => boolean) => report.cases.filter(test).length;
  const classes = CROSS_CHECK_CLASSES.map(
    (k) => `${count((c) => c.classification === k)} ${k}`,
  ).join(', ');
  const lines = [
    `${report.cases.length} cases on sqlite, ${report.engines.join(', ')}: ${classes}`,
  ];
  for (const engine of report.engines) {
    const checks = report.cases.flatMap((c) => c.engines.filter((e) => e.engine === engine));
    const n = (test: (e: EngineCheck) => boolean) => checks.filter(test).length;
    lines.push(
      `${engine}: ${n((e) => e.difference === 'same' && !e.failed)} same, ${n((e) => e.ok && e.difference !== 'same' && !e.recorded)} tolerated, ${n((e) => e.ok && e.recorded)} recorded in rows_by_engine, ${n((e) => !e.ok)} to fix`,
    );
  }
  return lines;
}

export function snapshotLine(check: SnapshotCheck): string {
  const what = check.problem ?? SNAPSHOT_CLASS_REASONS[check.class];
  return `${check.ok ? 'ok  ' : 'FAIL'} ${check.id} on ${check.datasource}/${check.snapshot} (${check.class}): ${what}`;
}

export function snapshotSummary(report: SnapshotCheckReport): string {
  const count = (kind: SnapshotCheck['class']) =>
    report.checks.filter((c) => c.class === kind).length;
  return `${report.checks.length} case-snapshot pairs: ${count('differs')} differ from the pinned rows, ${count('same')} same, ${count('empty')} empty, ${count('failed')} failed; ${report.findings} to fix`;
}
