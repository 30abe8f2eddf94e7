// `nl2sql eval publish [REPORT...]` as a function: saved runs recorded under the benchmarks
// folder, and the pages made from every record there (the benchmarks page, the README's
// results block, the history chart); `check` writes nothing and says which page is stale.

import { resolve } from 'node:path';
import { publish, RecordError, readRecords } from '@nl2sql/records';
import { renderHistorySvg } from '@nl2sql/report';
import { checkOptions } from '../check-options.js';
import { configError } from '../evaluate-error.js';
import { EXIT, type ExitCode } from '../exit-codes.js';
import { type Io, processIo } from '../io.js';
import { readRunRecords } from '../run/saved-report.js';
import { PUBLISH_OPTIONS, type PublishOptions } from './records-options.js';

export interface PublishResult {
  /** 0, or 1 when `check` found a stale page. */
  readonly exitCode: ExitCode;
  /** Record files written, and those already there. */
  readonly recorded: readonly string[];
  readonly alreadyRecorded: readonly string[];
  /** Pages written (none with `check`). */
  readonly written: readonly string[];
  /** With `check`: the pages that differ from what the records make. */
  readonly stale: readonly string[];
}

/** Records `options.reports` and rewrites the pages; refusals are EvaluateErrors (exit 3). */
export async function publishRuns(
  options: PublishOptions = {},
  io: Io = processIo(),
): Promise<PublishResult> {
  checkOptions(PUBLISH_OPTIONS, options, 'publishRuns');
  const benchmarks = resolve(io.cwd, options.benchmarks ?? 'benchmarks');
  const pagePath = resolve(io.cwd, options.page ?? 'docs/benchmarks.md');
  const readmePath = resolve(io.cwd, options.readme ?? 'README.md');
  const historyPath = resolve(io.cwd, options.history ?? 'docs/history.svg');
  const check = options.check === true;
  try {
    // Every report is read and checked before publish, and publish checks everything else
    // (the stored records, the README's markers) before it writes records and pages
    // together: a failure anywhere leaves the tree as it was.
    const incoming = (options.reports ?? []).flatMap((file) =>
      readRunRecords(resolve(io.cwd, file)),
    );
    if (check && incoming.length > 0) {
      io.err('nl2sql: --check writes nothing; the reports given were not recorded');
    }
    const result = publish({
      records: readRecords(benchmarks),
      pagePath,
      readmePath,
      check,
      // The chart is @nl2sql/report's; publish draws it from every record it lists.
      history: { path: historyPath, render: renderHistorySvg },
      ...(check ? {} : { add: { benchmarksDir: benchmarks, records: incoming } }),
    });
    for (const { path } of result.alreadyRecorded) io.out(`already recorded ${path}`);
    for (const path of result.recorded) io.out(`recorded ${path}`);
    const outcome = {
      recorded: result.recorded,
      alreadyRecorded: result.alreadyRecorded.map((r) => r.path),
      written: result.written,
    };
    if (check) {
      const stale = [
        result.pageChanged ? pagePath : null,
        result.readmeChanged ? readmePath : null,
        result.historyChanged ? historyPath : null,
      ].filter((p): p is string => p !== null);
      if (stale.length > 0) {
        io.out(
          `stale: ${stale.join(', ')} differ from what the records in ${benchmarks} make; run nl2sql eval publish`,
        );
        return { exitCode: EXIT.failed, ...outcome, stale };
      }
      io.out('pages are up to date');
      return { exitCode: EXIT.ok, ...outcome, stale };
    }
    io.out(
      result.written.length === 0
        ? 'pages unchanged'
        : result.written.map((w) => `wrote ${w}`).join('\n'),
    );
    return { exitCode: EXIT.ok, ...outcome, stale: [] };
  } catch (error) {
    if (error instanceof RecordError) throw configError(error.message);
    throw error;
  }
}
