// CSV as the pair and prediction readers take it: records with the line each starts on, so a
// problem is told at its file:line even when a quoted cell holds line breaks. One parser
// setup (csv-parse): a byte-order mark skipped, empty lines skipped, ragged rows kept for the
// reader to name.
import { parse as parseCsv } from 'csv-parse/sync';

/** One CSV record with what csv-parse knows of where it was. */
export interface CsvRecord {
  record: string[];
  raw: string;
  info: { lines: number };
}

/** The records of `text`; throws csv-parse's CsvError (with its `lines`) on malformed CSV. */
export function csvRecords(text: string): CsvRecord[] {
  return parseCsv(text, {
    bom: true,
    info: true,
    raw: true,
    skip_empty_lines: true,
    relax_column_count: true,
  }) as unknown as CsvRecord[];
}

/** The line a CSV record starts on: its end line less the line breaks inside it. */
export function startLine(r: CsvRecord): number {
  const body = r.raw.replace(/^(?:\r?\n)+/, '').replace(/\r?\n$/, '');
  return r.info.lines - (body.match(/\n/g)?.length ?? 0);
}
