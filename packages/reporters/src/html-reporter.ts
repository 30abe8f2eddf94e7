import type { Reporter, ReporterContext } from './reporter.js';
import { savedReport } from './saved-report.js';

/**
 * `--report FILE` (`--reporter html=FILE`): the run as one self-contained HTML page
 * (@nl2sql/report), made from the same saved report `--save` writes, held in memory: the
 * boards, each case run with its SQL, first rows and answer against the suite's gold, the
 * gate's comparison with the baseline, and the history of the --baseline folder's records.
 * The report package loads only when a page is asked for.
 */
export function htmlReporter({ io, redactor }: ReporterContext, file: string): Reporter {
  return {
    name: `html=${file}`,
    async finish(outcome) {
      const { writeReport } = await import('@nl2sql/report');
      const value = savedReport(outcome.report, outcome.records(), redactor);
      const boards = outcome.report.configs;
      const engineRun = boards.length > 0 && boards.every((b) => b.kind === 'engine');
      const written = await writeReport({
        // An external engine's mode is only the rules it was scored by: the page names the
        // engine itself (from the records), so its label does not say "mode plans".
        saved: [
          { label: engineRun ? 'eval run' : `eval run (mode ${outcome.report.mode})`, value },
        ],
        suites: [outcome.suitePath],
        ...(outcome.baselineDir !== null ? { records: outcome.baselineDir } : {}),
        out: file,
      });
      io.err(`wrote ${file} (${written.caseRuns} case runs, ${written.bytes} bytes)`);
    },
  };
}
