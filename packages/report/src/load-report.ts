import type { Datasource } from '@nl2sql/datasource';
import { readRecords, type StoredRecord } from '@nl2sql/records';
import { difficulty, loadSqlcheck } from '@nl2sql/sqlcheck';
import { loadSuite, suiteFileDigest } from '@nl2sql/suite';
import { buildReportData, type SuiteInput } from './build-report-data.js';
import { reexecute } from './reexecute.js';
import type { ReportData } from './report-data.js';
import { ReportError } from './report-error.js';
import { parseSavedRun, readSavedRun, type SavedRun } from './saved-run.js';

/** A saved report given as a value rather than a file (what `eval run --report` has in hand). */
export interface SavedReportValue {
  /** Shown on the page in place of a file name. */
  readonly label: string;
  /** The saved report as `nl2sql eval run --save` writes it (parsed JSON). */
  readonly value: unknown;
}

/** What a report is made from. */
export interface ReportOptions {
  /** Saved reports: file paths, or values with a label; at least one. */
  readonly saved: readonly (string | SavedReportValue)[];
  /** Suite files the runs were scored on; each run is matched to one by its digest. */
  readonly suites?: readonly string[];
  /** The records folder (`benchmarks/`): history and baselines. */
  readonly records?: string;
  /**
   * A datasource to run the predicted SQL on again, where a saved report kept only the
   * rows' digest; rows are shown only where the digest matches. Without it, no query runs.
   */
  readonly datasource?: Datasource;
  /** The SQL dialect of the gold SQL, for difficulty (default `sqlite`). */
  readonly dialect?: string;
  readonly title?: string;
}

/**
 * Reads everything a report needs and computes its data: the saved reports (validated),
 * the suites (loaded, digested, difficulty of each gold SQL from @nl2sql/sqlcheck), the
 * records (readRecords) and, if a datasource is given, the predicted SQL run again.
 */
export async function loadReportData(options: ReportOptions): Promise<ReportData> {
  if (options.saved.length === 0) {
    throw new ReportError('NO_RUNS', 'a report needs at least one saved report');
  }
  const runs: SavedRun[] = options.saved.map((item) =>
    typeof item === 'string'
      ? readSavedRun(item)
      : parseSavedRun(JSON.stringify(item.value), item.label),
  );
  const suites: SuiteInput[] = [];
  for (const file of options.suites ?? [])
    suites.push(await loadSuiteInput(file, options.dialect ?? 'sqlite'));
  let records: StoredRecord[] = [];
  if (options.records !== undefined) {
    try {
      records = readRecords(options.records);
    } catch (error) {
      throw new ReportError('FILE_ERROR', (error as Error).message, { file: options.records });
    }
  }
  const executed = options.datasource ? await reexecute(runs, options.datasource) : undefined;
  return buildReportData({
    runs,
    suites,
    records,
    ...(executed ? { executed } : {}),
    ...(options.title ? { title: options.title } : {}),
  });
}

async function loadSuiteInput(file: string, dialect: string): Promise<SuiteInput> {
  let digest: string;
  try {
    digest = await suiteFileDigest(file);
  } catch (error) {
    throw new ReportError('FILE_ERROR', `${file}: cannot read (${(error as Error).message})`, {
      file,
    });
  }
  const suite = await loadSuite(file);
  const levels = new Map<string, string>();
  await loadSqlcheck();
  for (const c of suite.cases) {
    if (c.sql === undefined) continue;
    const level = await difficulty(c.sql, dialect);
    if (level) levels.set(c.id, level.level);
  }
  return { file, digest, suite, difficulty: levels };
}
