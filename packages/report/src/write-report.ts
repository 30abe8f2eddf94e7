import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { loadReportData, type ReportOptions } from './load-report.js';
import { ReportError } from './report-error.js';
import { renderReportPage } from './report-page.js';

/** What `writeReport` wrote. */
export interface WrittenReport {
  readonly path: string;
  readonly bytes: number;
  readonly caseRuns: number;
}

/**
 * `nl2sql eval report` in one call: loads the saved reports, suites and records, renders
 * the page and writes it to `out` atomically (a temporary file renamed over it).
 */
export async function writeReport(
  options: ReportOptions & { readonly out: string },
): Promise<WrittenReport> {
  const data = await loadReportData(options);
  const html = renderReportPage(data);
  const temp = join(dirname(options.out), `.${basename(options.out)}.${process.pid}.tmp`);
  try {
    mkdirSync(dirname(options.out), { recursive: true });
    writeFileSync(temp, html);
    renameSync(temp, options.out);
  } catch (error) {
    // A full disk leaves the temporary file half written: it goes, the error is reported.
    rmSync(temp, { force: true });
    throw new ReportError(
      'FILE_ERROR',
      `${options.out}: cannot write (${(error as Error).message})`,
      {
        file: options.out,
      },
    );
  }
  return { path: options.out, bytes: Buffer.byteLength(html), caseRuns: data.cases.length };
}
