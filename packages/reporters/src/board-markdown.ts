import { isAbsolute, relative, sep } from 'node:path';
import { markdownText } from '@nl2sql/records';
import type { CaseResult, RunReport } from '@nl2sql/runner';
import { figureText, pointsText } from './accuracy-delta.js';
import { whatRan } from './board-heading.js';
import { boardRows, caseRunName } from './board-text.js';
import type { GateOutcome } from './reporter.js';

/** Failing case runs listed per config in the summary; the rest are counted. */
export const SUMMARY_FAILURES = 50;

/** A Markdown table whose every cell is literal text (records' markdownText). */
function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.map(markdownText).join(' | ')} |`;
  return [line(header), `|${header.map(() => ' --- |').join('')}`, ...rows.map(line)].join('\n');
}

/**
 * The run as Markdown for a CI job's summary (`$GITHUB_STEP_SUMMARY`): the gate's verdict
 * first, then each config's board, its failing case runs with the comparator's explanation
 * (the first SUMMARY_FAILURES), and the gate's checks and accuracy deltas. Every text from
 * the run is escaped as the published pages escape it, so none becomes markup.
 */
export function boardMarkdown(report: RunReport, gate: GateOutcome, cwd?: string): string {
  const out: string[] = [];
  out.push(
    `## nl2sql eval: ${markdownText(`${whatRan(report)}, suite ${report.dataset.name} (${report.dataset.digest.slice(0, 12)})`)}`,
    '',
  );
  out.push(gateLine(gate), '');
  if (report.stopped !== null) {
    out.push(
      `**Stopped** (${report.stopped === 'max_cost' ? 'at the cost cap' : 'cancelled'}): ${report.completedCases} of ${report.plannedCases} case runs completed.`,
      '',
    );
  }
  for (const board of report.configs) {
    out.push(`### Config ${markdownText(board.config.name)}`, '');
    out.push(table(['measure', 'value'], boardRows(board)), '');
    const failing = board.cases.filter((r) => r.status !== 'pass');
    if (failing.length > 0) {
      out.push(`#### Failing case runs (${failing.length})`, '');
      out.push(
        table(
          ['case run', 'status', 'why'],
          failing.slice(0, SUMMARY_FAILURES).map((r) => failingRow(r)),
        ),
      );
      if (failing.length > SUMMARY_FAILURES) {
        out.push(
          '',
          `and ${failing.length - SUMMARY_FAILURES} more (every case run is in the JUnit and HTML reports).`,
        );
      }
      out.push('');
    }
  }
  if (gate.status === 'gated') {
    const g = gate.gate;
    out.push('### Gate', '');
    if (g.deltas.length > 0) {
      out.push(
        table(
          ['config', 'measure', 'baseline', 'this run', 'change'],
          g.deltas.map((d) => [
            d.config,
            d.measure,
            figureText(d.before, d.beforeCounts),
            figureText(d.after, d.afterCounts),
            pointsText(d),
          ]),
        ),
        '',
      );
    }
    const rows = g.result.checks.map((c) => [
      c.pass ? 'ok' : 'FAIL',
      `${c.config}${c.score ? ` ${c.score}` : ''}`,
      c.name,
      c.explanation,
    ]);
    for (const { config, caseRuns } of g.missing) {
      rows.push([
        g.allowPartial ? 'note' : 'FAIL',
        config,
        'partial_run',
        `${caseRuns.length} baseline case run(s) were not run`,
      ]);
    }
    out.push(table(['result', 'config', 'check', 'explanation'], rows), '');
    out.push(`Baseline: ${g.paths.map((p) => markdownText(shownPath(p, cwd))).join(', ')}`, '');
  }
  return `${out.join('\n').trimEnd()}\n`;
}

function failingRow(r: CaseResult): string[] {
  const lenient = r.lenientStatus === 'pass' ? ' (lenient pass)' : '';
  return [caseRunName(r), `${r.status}${lenient}`, r.explanation ?? 'no explanation'];
}

function gateLine(gate: GateOutcome): string {
  switch (gate.status) {
    case 'not asked':
      return 'Not gated (no `--baseline`).';
    case 'not run':
      return '**Gate: not run**, the run was stopped.';
    case 'no baseline':
      return `Not gated: ${markdownText(gate.message)}.`;
    case 'gated':
      return gate.gate.pass ? '**Gate: PASS**' : '**Gate: FAIL**';
  }
}

/** A path relative to the working directory when it lies inside it (a CI log's reader's view). */
function shownPath(path: string, cwd: string | undefined): string {
  if (cwd === undefined) return path;
  const inside = relative(cwd, path);
  return inside === '' || inside.startsWith('..') || isAbsolute(inside)
    ? path
    : inside.split(sep).join('/');
}
