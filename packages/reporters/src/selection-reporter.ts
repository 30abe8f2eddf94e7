import { selectionReportJson } from '@nl2sql/runner';
import { writeOutputFile } from './output-file.js';
import type { Reporter } from './reporter.js';

/**
 * `--reporter selection=FILE` (mode retrieval): spec 003's report.json, each case run's
 * selection (tables, columns, joins, state), its coverage of what the case needs, the gold
 * query's outcome on a database holding only the selection, and the summary per config.
 */
export function selectionReporter(file: string): Reporter {
  return {
    name: `selection=${file}`,
    finish({ report, suite }) {
      writeOutputFile(file, `${JSON.stringify(selectionReportJson(report, suite), null, 2)}\n`);
    },
  };
}
