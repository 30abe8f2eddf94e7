import { resolve } from 'node:path';
import type { GitInfo, RunRecord } from '@nl2sql/records';
import {
  mergeShards,
  RunnerError,
  type RunReport,
  reportRecords,
  runReportJson,
} from '@nl2sql/runner';
import { configError, usageError } from '../cli-error.js';
import type { CommandRun } from '../command.js';
import { renderReport } from '../eval/board-text.js';
import { gateAgainstBaseline } from '../eval/gate-baseline.js';
import { renderGate } from '../eval/gate-text.js';
import { redactingIo, runRedactor } from '../eval/run-secrets.js';
import { writeSavedReport } from '../eval/saved-report.js';
import { readShardSave, type SavedShard } from '../eval/shard-save.js';
import { EXIT } from '../exit-codes.js';

/**
 * The commit the merged records name: the one every shard ran at. Shards at different
 * commits ran different engines, and are refused; dirty when any shard's tree was.
 */
function shardsCommit(shards: readonly SavedShard[]): GitInfo {
  const commits = [...new Set(shards.map((s) => s.git.commit))];
  if (commits.length > 1) {
    throw configError(
      `the shards ran at different commits, so with different engines: ${shards.map((s) => `${s.source} at ${s.git.commit}`).join(', ')}`,
    );
  }
  const commit = commits[0] ?? 'unknown';
  const dirty = shards.some((s) => s.git.dirty === true)
    ? true
    : shards.some((s) => s.git.dirty === 'unknown')
      ? 'unknown'
      : false;
  return {
    commit,
    shortSha: commit === 'unknown' ? 'unknown' : commit.slice(0, 7),
    dirty,
    root: null,
  };
}

/** Mode plans on the reference engine must pass every case, as in `eval run`. */
function failingReferenceRuns(report: RunReport): number {
  return report.configs
    .filter((b) => b.kind === 'plans')
    .reduce((n, b) => n + b.cases.filter((r) => r.status !== 'pass').length, 0);
}

/** `nl2sql eval merge SHARD...`: see commands/eval-merge.ts. */
export const runEvalMerge: CommandRun = async ({ flags, positionals }, rawIo) => {
  const redactor = runRedactor(rawIo.env);
  const io = redactingIo(rawIo, redactor);
  const baselineDir = typeof flags.baseline === 'string' ? resolve(io.cwd, flags.baseline) : null;
  for (const flag of ['allow-partial', 'baseline-optional']) {
    if (flags[flag] && baselineDir === null) throw usageError(`--${flag} needs --baseline DIR`);
  }
  const shards = positionals.map((file) => readShardSave(resolve(io.cwd, file)));
  // Shards at different commits ran different engines, whether or not records are made.
  const git = shardsCommit(shards);
  let merged: RunReport;
  try {
    merged = mergeShards(shards);
  } catch (error) {
    if (error instanceof RunnerError) throw configError(error.message);
    throw error;
  }
  // The records an unsharded run would have made when its last case run finished.
  const finished = new Date(Math.max(...shards.map((s) => s.finishedAt.getTime())));
  let records: RunRecord[] = [];
  const needRecords = typeof flags.save === 'string' || baselineDir !== null;
  if (needRecords) {
    try {
      records = reportRecords(merged, {
        note: typeof flags.note === 'string' ? flags.note : null,
        recordedAt: finished,
        git,
      });
    } catch (error) {
      if (error instanceof RunnerError) throw configError(error.message);
      throw error;
    }
  }
  if (typeof flags.save === 'string') {
    writeSavedReport(resolve(io.cwd, flags.save), merged, records, redactor);
  }
  const gated =
    baselineDir === null
      ? null
      : gateAgainstBaseline(records, baselineDir, {
          allowPartial: flags['allow-partial'] === true,
          optional: flags['baseline-optional'] === true,
        });

  if (flags.json) {
    const gate =
      gated === null || typeof gated === 'string'
        ? null
        : { ...gated.result, pass: gated.pass, missing: gated.missing };
    io.out(JSON.stringify({ report: runReportJson(merged), gate }, null, 2));
    if (typeof gated === 'string') io.err(gated);
  } else {
    io.out(renderReport(merged));
    if (typeof gated === 'string') io.out(`\n${gated}`);
    else if (gated) io.out(`\n${renderGate(gated)}`);
  }
  const n = shards.length;
  io.err(
    `merged ${n} shard${n === 1 ? '' : 's'}: ${merged.completedCases} case runs${typeof flags.save === 'string' ? `; saved ${flags.save} (${records.length} record${records.length === 1 ? '' : 's'})` : ''}`,
  );
  const failing = failingReferenceRuns(merged);
  if (failing > 0) {
    io.err(
      `nl2sql: ${failing} case run(s) failed; mode plans answers from the gold plans, so every case must pass`,
    );
  }
  const gateFailed = gated !== null && typeof gated !== 'string' && !gated.pass;
  return failing > 0 || gateFailed ? EXIT.failed : EXIT.ok;
};
