import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { relativeLink, renderBenchmarksPage } from './benchmarks-page.js';
import { FileTransaction } from './file-transaction.js';
import { sortRecords } from './read-records.js';
import type { RunRecord, StoredRecord } from './record.js';
import { asStored } from './record.js';
import { RecordError } from './record-error.js';
import { recordPath } from './record-path.js';
import { renderResultsBlock, replaceResultsBlock } from './results-block.js';
import { ensureValidRecord } from './validate-record.js';
import { formatRecord } from './write-record.js';

/**
 * The history chart publish writes beside the pages (`docs/history.svg`) and links from
 * both. Records cannot draw it (the chart is `@nl2sql/report`'s, which reads records), so
 * the caller gives the renderer; publish gives it every record the pages list, new ones
 * included, and writes its text in the same all-or-nothing step as the pages.
 */
export interface PublishHistory {
  /** Where the chart is written, e.g. `docs/history.svg`. */
  readonly path: string;
  /** The chart's text from the records; must read no clock, so a rerun changes nothing. */
  readonly render: (records: readonly StoredRecord[]) => string;
}

/** What `publish` reads and where it writes. */
export interface PublishOptions {
  /** Every record (usually `readRecords('benchmarks')`); the pages list exactly these. */
  readonly records: readonly (StoredRecord | RunRecord)[];
  /** The README holding the results markers. */
  readonly readmePath: string;
  /** The benchmarks page, e.g. `docs/benchmarks.md`. */
  readonly pagePath: string;
  /**
   * New records to write under `benchmarksDir` in the same step as the pages (what
   * `nl2sql eval publish REPORT` records). Each takes the first free name, as
   * `writeRecord` gives it; one already stored byte for byte is not written again.
   */
  readonly add?: { readonly benchmarksDir: string; readonly records: readonly RunRecord[] };
  /** The history chart to write and link from both pages; none when absent. */
  readonly history?: PublishHistory;
  /** Compute and compare only; write nothing (for `nl2sql eval publish --check` and CI). */
  readonly check?: boolean;
}

/** The history chart as planned: its text and whether it differs from what is on disk. */
export interface PlannedHistory {
  readonly path: string;
  readonly text: string;
  readonly changed: boolean;
}

/** Everything publish would write, worked out and checked before anything is written. */
export interface PublishPlan {
  readonly readmePath: string;
  readonly pagePath: string;
  readonly page: string;
  readonly readme: string;
  /** Whether the page and README differ from what is on disk. */
  readonly pageChanged: boolean;
  readonly readmeChanged: boolean;
  /** The history chart, when one was asked for. */
  readonly history: PlannedHistory | null;
  /** The records to add, each with the path it will be written at. */
  readonly newRecords: readonly StoredRecord[];
  /** Records given to add that are already stored byte for byte, as stored. */
  readonly alreadyRecorded: readonly StoredRecord[];
}

/** The pages publish made, and whether they differ from what is on disk. */
export interface PublishResult {
  readonly page: string;
  readonly readme: string;
  readonly pageChanged: boolean;
  readonly readmeChanged: boolean;
  /** Whether the history chart differs from what is on disk (false when none was asked for). */
  readonly historyChanged: boolean;
  /** The pages written (none with `check`, none when nothing changed). */
  readonly written: readonly string[];
  /** The record files written (none with `check`). */
  readonly recorded: readonly string[];
  /** Records given to add that were already stored, and so not written again. */
  readonly alreadyRecorded: readonly StoredRecord[];
}

/**
 * Records the new records (if any) and rewrites the benchmarks page and the README's
 * results block from all the records, all or nothing: everything is checked first (every
 * record valid, the README's markers, each new record's name) and then written through
 * temporary files, so a failure at any point leaves the files as they were. It reads no
 * clock: the same records give byte-identical files, in any order. Files are written only
 * when their text changes; with `check` nothing is written and `pageChanged` and
 * `readmeChanged` say whether the committed pages are stale.
 */
export function publish(options: PublishOptions): PublishResult {
  const plan = planPublish(options);
  if (options.check === true) return { ...resultOf(plan), written: [], recorded: [] };
  return applyPublish(plan);
}

/**
 * Works out and checks everything `publish` would write, writing nothing. Throws
 * `RecordError`: `INVALID_RECORD` for a record that is not format 2, `MISSING_MARKERS` for
 * a README without exactly one pair of results markers, `FILE_ERROR` for a README or page
 * that cannot be read.
 */
export function planPublish(options: Omit<PublishOptions, 'check'>): PublishPlan {
  const stored = options.records.map(asStored);
  stored.forEach((s, i) => {
    ensureValidRecord(s.record, s.path === '' ? `record ${i + 1} to publish` : s.path);
  });
  const { newRecords, alreadyRecorded } = placeNewRecords(stored, options.add);
  const all = [...stored, ...newRecords];

  const pageDir = dirname(resolve(options.pagePath));
  const history = options.history;
  const page = renderBenchmarksPage(all, {
    pageDir,
    ...(history ? { historyPath: history.path } : {}),
  });
  const readmeDir = dirname(resolve(options.readmePath));
  const pageLink = relativeLink(readmeDir, options.pagePath);
  const readmeBefore = readText(options.readmePath);
  if (readmeBefore === null) {
    throw new RecordError(
      'MISSING_MARKERS',
      `${options.readmePath} does not exist; publish writes its results block between markers in an existing README`,
      { file: options.readmePath },
    );
  }
  const readme = replaceResultsBlock(
    readmeBefore,
    renderResultsBlock(all, pageLink, history ? relativeLink(readmeDir, history.path) : undefined),
    options.readmePath,
  );
  const chart = history ? history.render(sortRecords(all)) : null;
  return {
    readmePath: options.readmePath,
    pagePath: options.pagePath,
    page,
    readme,
    pageChanged: readText(options.pagePath) !== page,
    readmeChanged: readmeBefore !== readme,
    history:
      history && chart !== null
        ? { path: history.path, text: chart, changed: readText(history.path) !== chart }
        : null,
    newRecords,
    alreadyRecorded,
  };
}

/**
 * Writes what `planPublish` worked out, all or nothing (see `FileTransaction`): the new
 * records (each at its planned name; `RECORD_EXISTS` if another writer took it meanwhile),
 * then the page, the README and the history chart where they changed.
 */
export function applyPublish(plan: PublishPlan): PublishResult {
  const transaction = new FileTransaction();
  for (const { path, record } of plan.newRecords) transaction.create(path, formatRecord(record));
  const written: string[] = [];
  if (plan.pageChanged) {
    transaction.replace(plan.pagePath, plan.page);
    written.push(plan.pagePath);
  }
  if (plan.readmeChanged) {
    transaction.replace(plan.readmePath, plan.readme);
    written.push(plan.readmePath);
  }
  if (plan.history?.changed) {
    transaction.replace(plan.history.path, plan.history.text);
    written.push(plan.history.path);
  }
  transaction.commit();
  return { ...resultOf(plan), written, recorded: plan.newRecords.map((s) => s.path) };
}

function resultOf(plan: PublishPlan) {
  const { page, readme, pageChanged, readmeChanged, alreadyRecorded } = plan;
  const historyChanged = plan.history?.changed ?? false;
  return { page, readme, pageChanged, readmeChanged, historyChanged, alreadyRecorded };
}

/**
 * Validates the records to add and names each: the first free name under the benchmarks
 * folder, not taken on disk nor by an earlier record of the same batch. A record already
 * stored with the same text (a retry of a publish that recorded it) is not added again.
 */
function placeNewRecords(
  stored: readonly StoredRecord[],
  add: PublishOptions['add'],
): { newRecords: StoredRecord[]; alreadyRecorded: StoredRecord[] } {
  const newRecords: StoredRecord[] = [];
  const alreadyRecorded: StoredRecord[] = [];
  if (add === undefined) return { newRecords, alreadyRecorded };
  add.records.forEach((record, i) => {
    ensureValidRecord(record, `record ${i + 1} to add`);
  });
  const planned = new Set<string>();
  for (const record of add.records) {
    const text = formatRecord(record);
    const same = [...stored, ...newRecords].find(
      (s) => sameIdentity(s.record, record) && formatRecord(s.record) === text,
    );
    if (same !== undefined) {
      if (!newRecords.includes(same) && !alreadyRecorded.includes(same)) alreadyRecorded.push(same);
      continue;
    }
    const path = recordPath(add.benchmarksDir, record, (p) => planned.has(p) || existsSync(p));
    planned.add(path);
    newRecords.push({ path, record });
  }
  return { newRecords, alreadyRecorded };
}

// Cheap fields first, so the whole text is compared only for likely duplicates.
function sameIdentity(a: RunRecord, b: RunRecord): boolean {
  return (
    a.kind === b.kind &&
    a.recorded_at === b.recorded_at &&
    a.config.name === b.config.name &&
    a.database.datasource_id === b.database.datasource_id
  );
}

/** The file's text, or null when there is no file; an unreadable file is `FILE_ERROR`. */
function readText(path: string): string | null {
  try {
    if (!existsSync(path)) return null;
    if (statSync(path).isDirectory()) {
      throw new RecordError('FILE_ERROR', `${path} is a folder, not a file`, { file: path });
    }
    return readFileSync(path, 'utf8');
  } catch (error) {
    if (error instanceof RecordError) throw error;
    throw new RecordError('FILE_ERROR', `cannot read ${path}: ${(error as Error).message}`, {
      file: path,
    });
  }
}
