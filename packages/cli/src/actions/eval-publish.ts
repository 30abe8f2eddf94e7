import { resolve } from 'node:path';
import { publish, RecordError, readRecords } from '@nl2sql/records';
import { renderHistorySvg } from '@nl2sql/report';
import { configError } from '../cli-error.js';
import type { CommandRun } from '../command.js';
import { readRunRecords } from '../eval/saved-report.js';
import { EXIT } from '../exit-codes.js';

/** `nl2sql eval publish [REPORT...]`: see commands/eval-publish.ts. */
export const runEvalPublish: CommandRun = async ({ flags, positionals }, io) => {
  const benchmarks = resolve(
    io.cwd,
    typeof flags.benchmarks === 'string' ? flags.benchmarks : 'benchmarks',
  );
  const pagePath = resolve(
    io.cwd,
    typeof flags.page === 'string' ? flags.page : 'docs/benchmarks.md',
  );
  const readmePath = resolve(io.cwd, typeof flags.readme === 'string' ? flags.readme : 'README.md');
  const historyPath = resolve(
    io.cwd,
    typeof flags.history === 'string' ? flags.history : 'docs/history.svg',
  );
  const check = flags.check === true;
  try {
    // Every report is read and checked before publish, and publish checks everything else
    // (the stored records, the README's markers) before it writes records and pages
    // together: a failure anywhere leaves the tree as it was.
    const incoming = positionals.flatMap((file) => readRunRecords(resolve(io.cwd, file)));
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
        return EXIT.failed;
      }
      io.out('pages are up to date');
      return EXIT.ok;
    }
    io.out(
      result.written.length === 0
        ? 'pages unchanged'
        : result.written.map((w) => `wrote ${w}`).join('\n'),
    );
    return EXIT.ok;
  } catch (error) {
    if (error instanceof RecordError) throw configError(error.message);
    throw error;
  }
};
