// `nl2sql eval gate REPORT...` as a function: each saved run gated against the newest
// comparable baseline record, with evals.yaml's gate section under the options' limits.

import { resolve } from 'node:path';
import { colorsFor, renderGate, terminalSafeValue } from '@nl2sql/reporters';
import { checkOptions } from '../check-options.js';
import { EXIT, type ExitCode } from '../exit-codes.js';
import { type Io, processIo } from '../io.js';
import { loadProjectFile, projectFile } from '../project/open-project.js';
import { type BaselineGate, gateAgainstBaseline } from '../run/gate-baseline.js';
import { gateOverrides } from '../run/gate-flags.js';
import { readRunRecords } from '../run/saved-report.js';
import { GATE_RUNS_OPTIONS, type GateRunsOptions } from './records-options.js';

export interface GateRunsResult {
  /** 0 when every report passed its gate, else 1. */
  readonly exitCode: ExitCode;
  /** Each report's gate, in the order given. */
  readonly gates: ReadonlyArray<{ readonly report: string; readonly gate: BaselineGate }>;
}

/** Gates `options.reports`; no comparable baseline is an EvaluateError (exit 3). */
export async function gateRuns(
  options: GateRunsOptions,
  io: Io = processIo(),
): Promise<GateRunsResult> {
  checkOptions(GATE_RUNS_OPTIONS, options, 'gateRuns');
  // The project's gate section (no evals.yaml: none), each option replacing its value.
  const file = projectFile(options, io.cwd);
  const project = file === undefined ? undefined : await loadProjectFile(file, io.env);
  const thresholds = gateOverrides(options, project?.gate);
  const dir = resolve(io.cwd, options.baseline ?? 'benchmarks');
  const gates: Array<{ report: string; gate: BaselineGate }> = [];
  for (const report of options.reports) {
    const records = readRunRecords(resolve(io.cwd, report));
    const gated = gateAgainstBaseline(records, dir, {
      thresholds,
      allowPartial: options.allowPartial === true || project?.gate.allowPartial === true,
    });
    // Not optional here: gateAgainstBaseline throws (exit 3) when nothing compares.
    if (typeof gated === 'string') throw new Error(`unreachable: ${gated}`);
    gates.push({ report, gate: gated });
    if (!options.json)
      io.out(`${report}\n${renderGate(terminalSafeValue(gated), colorsFor(io.env, io.isTty))}`);
  }
  if (options.json) {
    const results = gates.map(({ report, gate }) => ({
      report,
      baselines: gate.paths,
      ...gate.result,
      pass: gate.pass,
      missing: gate.missing,
      deltas: gate.deltas,
    }));
    io.out(JSON.stringify(results, null, 2));
  }
  return { exitCode: gates.every((g) => g.gate.pass) ? EXIT.ok : EXIT.failed, gates };
}
