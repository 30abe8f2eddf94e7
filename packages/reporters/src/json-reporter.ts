import { runReportJson } from '@nl2sql/runner';
import { GATE_NOT_RUN } from './gate-text.js';
import { writeOutputFile } from './output-file.js';
import type { Reporter, ReporterContext, RunOutcome } from './reporter.js';

/** What `--reporter json` (and `--json`) writes: the report and the gate's verdict. */
export function outcomeJson({ report, gate }: RunOutcome): unknown {
  return {
    report: runReportJson(report),
    gate:
      gate.status === 'gated'
        ? {
            ...gate.gate.result,
            pass: gate.gate.pass,
            missing: gate.gate.missing,
            deltas: gate.gate.deltas,
          }
        : null,
  };
}

/**
 * `--reporter json` (`--json`): the report as JSON on stdout, for scripts (`| jq`), with
 * what stands in for the gate (not run, nothing comparable) said on stderr; or, given a
 * file (`json=FILE`), the same JSON written there.
 */
export function jsonReporter({ io }: ReporterContext, file: string | null): Reporter {
  return {
    name: file === null ? 'json' : `json=${file}`,
    finish(outcome) {
      const text = JSON.stringify(outcomeJson(outcome), null, 2);
      if (file !== null) {
        writeOutputFile(file, `${text}\n`);
        return;
      }
      io.out(text);
      if (outcome.gate.status === 'not run') io.err(GATE_NOT_RUN);
      else if (outcome.gate.status === 'no baseline') io.err(outcome.gate.message);
    },
  };
}
