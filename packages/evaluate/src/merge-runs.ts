import { resolve } from 'node:path';
import type { ProjectGate } from '@nl2sql/project';
import type { GitInfo, RunRecord } from '@nl2sql/records';
import { gateOutcome } from '@nl2sql/reporters';
import { mergeShards, RunnerError, type RunReport, reportRecords } from '@nl2sql/runner';
import { checkOptions } from './check-options.js';
import { configError, usageError } from './evaluate-error.js';
import { MERGE_OPTIONS, type MergeOptions } from './evaluate-options.js';
import type { EvaluateResult } from './evaluate-result.js';
import { EXIT } from './exit-codes.js';
import { type Io, processIo } from './io.js';
import { optionOf } from './option-name.js';
import { loadProjectFile, projectFile } from './project/open-project.js';
import { reportersFor } from './reporting/reporter-set.js';
import { readsSuite, reporterSpecs } from './reporting/reporter-specs.js';
import { FileFailures } from './run/file-failures.js';
import { gateAgainstBaseline } from './run/gate-baseline.js';
import { gateOverrides } from './run/gate-flags.js';
import { suiteOfDigest } from './run/merge-suite.js';
import { runExitRules, runExitVerdict } from './run/run-exit.js';
import { redactingIo, runRedactor } from './run/run-secrets.js';
import { writeSavedReport } from './run/saved-report.js';
import { readShardSave, type SavedShard } from './run/shard-save.js';

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

/** evals.yaml's gate section (--config, else the working folder's); none without a project. */
async function projectGate(options: MergeOptions, io: Io): Promise<ProjectGate | undefined> {
  const file = projectFile(options, io.cwd);
  return file === undefined ? undefined : (await loadProjectFile(file, io.env)).gate;
}

/** Mode plans on the reference engine must pass every case, as in `eval run`. */
function failingReferenceRuns(report: RunReport): number {
  return report.configs
    .filter((b) => b.kind === 'plans')
    .reduce((n, b) => n + b.cases.filter((r) => r.status !== 'pass').length, 0);
}

/**
 * `nl2sql eval merge SHARD...`: the shards of one run (`evaluate({ shard: 'i/n', save })`)
 * as the run they are parts of: one report, its records, its board and reporters, gated
 * against `baseline` as an unsharded run would be.
 */
export async function mergeRuns(
  options: MergeOptions,
  rawIo: Io = processIo(),
): Promise<EvaluateResult> {
  checkOptions(MERGE_OPTIONS, options, 'mergeRuns');
  const redactor = runRedactor(rawIo.env);
  const io = redactingIo(rawIo, redactor);
  const baselineDir =
    typeof options.baseline === 'string' ? resolve(io.cwd, options.baseline) : null;
  // --allow-partial has nothing to allow without a baseline: merge refuses stopped shards.
  for (const flag of ['allow-partial', 'baseline-optional']) {
    if (optionOf(options, flag) && baselineDir === null)
      throw usageError(`--${flag} needs --baseline DIR`);
  }
  // --reporter, --json, --report: checked before any shard is read, as in eval run.
  const reporting = reportersFor(options, io, redactor);
  const shards = options.shards.map((file) => readShardSave(resolve(io.cwd, file)));
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
  let made: RunRecord[] | null = null;
  const records = (): RunRecord[] => {
    if (made !== null) return made;
    try {
      made = reportRecords(merged, {
        note: typeof options.note === 'string' ? options.note : null,
        recordedAt: finished,
        git,
      });
    } catch (error) {
      if (error instanceof RunnerError) throw configError(error.message);
      throw error;
    }
    return made;
  };
  // The suite file, for the reporters that point into it: found before anything is written.
  const placed = readsSuite(reporterSpecs(options, io.cwd))
    ? await suiteOfDigest(options, io, merged.dataset.digest)
    : null;
  // A --save the disk cannot take is one line, and exit 3 after the board.
  const files = new FileFailures(io);
  const savePath = typeof options.save === 'string' ? resolve(io.cwd, options.save) : null;
  const saved =
    savePath !== null &&
    files.attempt('--save', savePath, () =>
      writeSavedReport(savePath, merged, records(), redactor),
    );
  // The project's gate section and the options, as `eval run` holds an unsharded run.
  const gateSection = await projectGate(options, io);
  const exitRules = runExitRules(options, gateSection);
  const gated =
    baselineDir === null
      ? null
      : gateAgainstBaseline(records(), baselineDir, {
          thresholds: gateOverrides(options, gateSection),
          allowPartial: exitRules.allowPartial,
          optional: options.baselineOptional === true,
        });
  const written = await reporting.finish({
    report: merged,
    // The text and JSON reporters read no suite; the others were given the one found above.
    suite: placed?.suite ?? { name: merged.dataset.name, version: 1, cases: [] },
    suitePath: placed?.suitePath ?? merged.dataset.name,
    gate: gateOutcome(gated, baselineDir !== null, false),
    records,
    baselineDir,
  });
  const n = shards.length;
  io.err(
    `merged ${n} shard${n === 1 ? '' : 's'}: ${merged.completedCases} case runs${saved ? `; saved ${options.save} (${records().length} record${records().length === 1 ? '' : 's'})` : ''}`,
  );
  const failing = failingReferenceRuns(merged);
  if (failing > 0) {
    io.err(
      `nl2sql: ${failing} case run(s) failed; mode plans answers from the gold plans, so every case must pass`,
    );
  }
  // A merged run that scored nothing, or under --min-accuracy, never exits 0.
  const verdict = runExitVerdict(merged, exitRules);
  for (const line of verdict.lines) io.err(line);
  const gateFailed = gated !== null && typeof gated !== 'string' && !gated.pass;
  const exitCode =
    verdict.exitCode === EXIT.config
      ? EXIT.config
      : failing > 0 || gateFailed || verdict.exitCode === EXIT.failed
        ? EXIT.failed
        : // A reporter that could not write its file was named on stderr: not a pass (exit 3).
          written && !files.any
          ? EXIT.ok
          : EXIT.config;
  return {
    exitCode,
    report: merged,
    gate: gateOutcome(gated, baselineDir !== null, false),
    stopped: false,
    records,
  };
}
