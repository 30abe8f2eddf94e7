// What follows a finished (or stopped) run: judged-equivalent disagreements into the suite's
// review queue, the gate against the baseline, the reporters, and the exit code. A stopped
// run is never gated: what it did not run cannot pass (exit 130).

import { formatJudgeIdentity } from '@nl2sql/judge';
import type { RunRecord } from '@nl2sql/records';
import { gateOutcome, mustPassEveryCase } from '@nl2sql/reporters';
import type { RunReport } from '@nl2sql/runner';
import type { EvaluateOptions } from '../evaluate-options.js';
import type { EvaluateResult } from '../evaluate-result.js';
import { EXIT, type ExitCode } from '../exit-codes.js';
import type { Io } from '../io.js';
import type { RunEvaluation } from './evaluation-options.js';
import type { FileFailures } from './file-failures.js';
import { gateAgainstBaseline } from './gate-baseline.js';
import { writeReviewProposals } from './review-proposals.js';
import { runExitVerdict } from './run-exit.js';
import type { RunPlan } from './run-plan.js';
import type { RunSetup } from './run-setup.js';
import { shardSavedLine } from './shard-run.js';

/** The run as it ended, with what listened to it. */
export interface RunEnd {
  readonly report: RunReport;
  readonly judge: RunEvaluation['judge'];
  /** True when a signal stopped it. */
  readonly stopped: boolean;
  readonly records: () => RunRecord[];
  readonly files: FileFailures;
  readonly savePath: string | null;
}

/** Judged-equivalent disagreements go to the suite's review queue, never into the suite. */
async function queueProposals(end: RunEnd, setup: RunSetup, io: Io): Promise<void> {
  if (!end.judge) return;
  const written = await writeReviewProposals(
    end.report,
    setup.suite,
    setup.suitePath,
    formatJudgeIdentity(end.judge.judge.identity),
    end.report.startedAt.slice(0, 10),
    io.cwd,
  );
  if (written)
    io.err(
      `review queue ${written.file}: ${written.added} new alt_sql proposal(s), ${written.total} in all (judged equivalent, rows differ: a person decides)`,
    );
}

/** Gates, reports and says how the run ends (the exit code `nl2sql eval run` returns). */
export async function runOutcome(
  options: EvaluateOptions,
  plan: RunPlan,
  setup: RunSetup,
  end: RunEnd,
  io: Io,
): Promise<EvaluateResult> {
  await queueProposals(end, setup, io);
  const { report, stopped, files, sharding } = { ...end, sharding: plan.sharding };
  const { baselineDir } = plan;
  const needRecords =
    (typeof options.save === 'string' && !sharding) || (baselineDir !== null && !stopped);
  const records = needRecords ? end.records() : [];
  const gated =
    baselineDir === null || stopped
      ? null
      : gateAgainstBaseline(records, baselineDir, {
          thresholds: plan.thresholds,
          allowPartial: plan.exitRules.allowPartial,
          optional: options.baselineOptional === true,
        });
  const gate = gateOutcome(gated, baselineDir !== null, stopped);
  const written = await plan.reporting.finish({
    report,
    suite: setup.suite,
    suitePath: setup.suitePath,
    gate,
    records: end.records,
    baselineDir,
  });
  const saved = end.savePath !== null && !files.failed(end.savePath);
  if (typeof options.save === 'string' && saved && sharding)
    io.err(shardSavedLine(options.save, sharding));
  else if (typeof options.save === 'string' && saved)
    io.err(`saved ${options.save} (${records.length} record${records.length === 1 ? '' : 's'})`);
  const result = (exitCode: ExitCode): EvaluateResult => ({
    exitCode,
    report,
    gate,
    stopped,
    records: end.records,
  });
  if (stopped) return result(EXIT.stopped);
  // Only the reference engine on gold plans must pass every case: there a failure is a bug
  // in a code node or a plan. An external engine's failures are its score, gated by baseline.
  const failing = report.configs
    .filter(mustPassEveryCase)
    .reduce((n, b) => n + b.cases.filter((r) => r.status !== 'pass').length, 0);
  if (failing > 0) {
    io.err(
      `nl2sql: ${failing} case run(s) failed; mode plans answers from the gold plans, so every case must pass`,
    );
  }
  // A cap stop, a run that scored nothing, an accuracy under min-accuracy: never exit 0.
  const verdict = runExitVerdict(report, plan.exitRules);
  for (const line of verdict.lines) io.err(line);
  if (verdict.exitCode === EXIT.config) return result(EXIT.config);
  const gateFailed = gated !== null && typeof gated !== 'string' && !gated.pass;
  if (failing > 0 || gateFailed || verdict.exitCode === EXIT.failed) return result(EXIT.failed);
  // A reporter that could not write its file was named on stderr: not a pass (exit 3).
  // So is a save or journal file it could not write.
  return result(written && !files.any ? EXIT.ok : EXIT.config);
}
