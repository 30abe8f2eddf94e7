import { appendFileSync } from 'node:fs';
import type { CaseResult } from '@nl2sql/runner';
import { boardMarkdown } from './board-markdown.js';
import { caseRunName } from './board-text.js';
import { mustPassEveryCase } from './must-pass.js';
import type { Reporter, ReporterContext, RunOutcome } from './reporter.js';
import { caseLines, suiteFileForCi } from './suite-place.js';
import { terminalSafeValue } from './terminal-text.js';
import { type AnnotationLevel, annotation } from './workflow-command.js';

/**
 * Case annotations printed at most. GitHub shows ten of a level per step and fifty per job;
 * past that the lines only clutter the log, so the rest are counted in one notice.
 */
export const MAX_CASE_ANNOTATIONS = 50;

/**
 * The annotation lines for a run: one per failing case (per config), at the case's line in
 * the suite, listing its failing runs with the comparator's explanation. An error where the
 * run's failures fail it (mode plans on the reference engine), else a warning (a model's or
 * an external engine's failures are its score); then the gate's failing checks as errors,
 * a stopped run as a warning.
 */
export function annotations(outcome: RunOutcome, file: string): string[] {
  const { report, gate } = outcome;
  const lines = caseLines(outcome.suite);
  const several = report.configs.length > 1;
  const out: string[] = [];
  let skipped = 0;
  for (const board of report.configs) {
    const level: AnnotationLevel = mustPassEveryCase(board) ? 'error' : 'warning';
    const byCase = new Map<string, CaseResult[]>();
    for (const run of board.cases) {
      if (run.status === 'pass') continue;
      byCase.set(run.caseId, [...(byCase.get(run.caseId) ?? []), run]);
    }
    for (const [caseId, runs] of byCase) {
      if (out.length >= MAX_CASE_ANNOTATIONS) {
        skipped++;
        continue;
      }
      const message = runs
        .map((r) => `${caseRunName(r)}: ${r.status}: ${r.explanation ?? 'no explanation'}`)
        .join('\n');
      out.push(
        annotation(level, message, {
          file,
          line: lines.get(caseId),
          title: `nl2sql: case ${caseId} failed${several ? ` (config ${board.config.name})` : ''}`,
        }),
      );
    }
  }
  if (skipped > 0) {
    out.push(
      annotation(
        'notice',
        `${skipped} more failing case(s) are not annotated; the job summary and the JUnit and HTML reports list every case run`,
        { title: 'nl2sql: more failing cases' },
      ),
    );
  }
  if (report.stopped !== null) {
    out.push(
      annotation(
        'warning',
        `${report.completedCases} of ${report.plannedCases} case runs completed; a stopped run is never gated`,
        { title: `nl2sql: run stopped (${report.stopped})` },
      ),
    );
  }
  if (gate.status === 'gated') {
    for (const check of gate.gate.result.checks) {
      if (check.pass) continue;
      out.push(
        annotation('error', check.explanation, { title: `nl2sql gate: ${check.name} failed` }),
      );
    }
    if (!gate.gate.allowPartial) {
      for (const { config, caseRuns } of gate.gate.missing) {
        out.push(
          annotation(
            'error',
            `${caseRuns.length} baseline case run(s) were not run: ${caseRuns.join(', ')}`,
            { title: `nl2sql gate: partial run (config ${config})` },
          ),
        );
      }
    }
  }
  return out;
}

/**
 * `--reporter github`: annotations on stdout (GitHub Actions reads workflow commands there)
 * for failing cases and a failing gate, and the board as Markdown appended to the file
 * `$GITHUB_STEP_SUMMARY` names, the job's summary page. Outside GitHub Actions (no
 * `$GITHUB_STEP_SUMMARY`) the summary is skipped with a notice on stderr.
 */
export function githubReporter({ io }: ReporterContext): Reporter {
  return {
    name: 'github',
    finish(given) {
      // Control characters shown escaped, in the annotations as in the summary.
      const outcome = {
        ...given,
        ...terminalSafeValue({ report: given.report, gate: given.gate }),
      };
      const file = suiteFileForCi(outcome.suitePath, io.env, io.cwd);
      for (const line of annotations(outcome, file)) io.out(line);
      const summary = io.env.GITHUB_STEP_SUMMARY;
      if (summary === undefined || summary === '') {
        io.err(
          'nl2sql: --reporter github: $GITHUB_STEP_SUMMARY is not set (not on GitHub Actions?), so no job summary was written',
        );
        return;
      }
      appendFileSync(summary, `${boardMarkdown(outcome.report, outcome.gate, io.cwd)}\n`);
    },
  };
}
