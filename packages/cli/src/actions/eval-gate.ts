import { resolve } from 'node:path';
import { loadProjectFile, projectFile } from '@nl2sql/evaluate';
import { colorsFor, renderGate, terminalSafeValue } from '@nl2sql/reporters';
import type { CommandRun } from '../command.js';
import { gateAgainstBaseline } from '../eval/gate-baseline.js';
import { gateOverrides } from '../eval/gate-flags.js';
import { readRunRecords } from '../eval/saved-report.js';
import { EXIT } from '../exit-codes.js';

/** `nl2sql eval gate REPORT...`: see commands/eval-gate.ts. */
export const runEvalGate: CommandRun = async ({ flags, positionals }, io) => {
  // The project's gate section (no evals.yaml: none), each flag replacing its value.
  const file = projectFile(flags, io.cwd);
  const project = file === undefined ? undefined : await loadProjectFile(file, io.env);
  const thresholds = gateOverrides(flags, project?.gate);
  const dir = resolve(io.cwd, typeof flags.baseline === 'string' ? flags.baseline : 'benchmarks');
  let pass = true;
  const results: unknown[] = [];
  for (const file of positionals) {
    const records = readRunRecords(resolve(io.cwd, file));
    const gated = gateAgainstBaseline(records, dir, {
      thresholds,
      allowPartial: flags['allow-partial'] === true || project?.gate.allowPartial === true,
    });
    // Not optional here: gateAgainstBaseline throws (exit 3) when nothing compares.
    if (typeof gated === 'string') throw new Error(`unreachable: ${gated}`);
    pass &&= gated.pass;
    if (flags.json) {
      results.push({
        report: file,
        baselines: gated.paths,
        ...gated.result,
        pass: gated.pass,
        missing: gated.missing,
        deltas: gated.deltas,
      });
    } else io.out(`${file}\n${renderGate(terminalSafeValue(gated), colorsFor(io.env, io.isTty))}`);
  }
  if (flags.json) io.out(JSON.stringify(results, null, 2));
  return pass ? EXIT.ok : EXIT.failed;
};
