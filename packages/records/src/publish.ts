import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';
import { renderBenchmarksPage } from './benchmarks-page.js';
import type { RunRecord, StoredRecord } from './record.js';
import { RecordError } from './record-error.js';
import { renderResultsBlock, replaceResultsBlock } from './results-block.js';

/** What `publish` reads and where it writes. */
export interface PublishOptions {
  /** Every record (usually `readRecords('benchmarks')`); the pages list exactly these. */
  readonly records: readonly (StoredRecord | RunRecord)[];
  /** The README holding the results markers. */
  readonly readmePath: string;
  /** The benchmarks page, e.g. `docs/benchmarks.md`. */
  readonly pagePath: string;
  /** Compute and compare only; write nothing (for `nl2sql eval publish --check` and CI). */
  readonly check?: boolean;
}

/** The pages publish made, and whether they differ from what is on disk. */
export interface PublishResult {
  readonly page: string;
  readonly readme: string;
  readonly pageChanged: boolean;
  readonly readmeChanged: boolean;
  /** The files written (none with `check`, none when nothing changed). */
  readonly written: readonly string[];
}

/**
 * Rewrites the benchmarks page and the README's results block from all the records.
 * It reads no clock: the same records give byte-identical files, in any order. Files are
 * written (atomically) only when their text changes; with `check` nothing is written and
 * `pageChanged`/`readmeChanged` say whether the committed pages are stale.
 */
export function publish(options: PublishOptions): PublishResult {
  const pageDir = dirname(resolve(options.pagePath));
  const page = renderBenchmarksPage(options.records, { pageDir });
  const pageLink = relative(dirname(resolve(options.readmePath)), resolve(options.pagePath))
    .split(sep)
    .join('/');
  if (!existsSync(options.readmePath)) {
    throw new RecordError(
      'MISSING_MARKERS',
      `${options.readmePath} does not exist; publish writes its results block between markers in an existing README`,
      { file: options.readmePath },
    );
  }
  const readmeBefore = readFileSync(options.readmePath, 'utf8');
  const readme = replaceResultsBlock(
    readmeBefore,
    renderResultsBlock(options.records, pageLink),
    options.readmePath,
  );
  const pageBefore = existsSync(options.pagePath) ? readFileSync(options.pagePath, 'utf8') : null;
  const pageChanged = pageBefore !== page;
  const readmeChanged = readmeBefore !== readme;
  const written: string[] = [];
  if (options.check !== true) {
    if (pageChanged) {
      mkdirSync(pageDir, { recursive: true });
      replaceFile(options.pagePath, page);
      written.push(options.pagePath);
    }
    if (readmeChanged) {
      replaceFile(options.readmePath, readme);
      written.push(options.readmePath);
    }
  }
  return { page, readme, pageChanged, readmeChanged, written };
}

// Pages, unlike records, are rewritten; a rename keeps a reader from seeing half a page.
function replaceFile(path: string, text: string): void {
  const temp = `${path}.${process.pid}.tmp`;
  writeFileSync(temp, text, 'utf8');
  renameSync(temp, path);
}
