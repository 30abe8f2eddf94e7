// Reading question/SQL pairs from JSONL, CSV or YAML, each with the line its record starts
// on. A record that is not a pair (bad JSON, an unknown column value, a missing question) is
// a located problem and the others are still read; a file that cannot be read as its format
// at all is a PairsFileError.

import { readFile, stat } from 'node:fs/promises';
import { extname } from 'node:path';
import { locatedMessage, mostSpecificIssue } from '@nl2sql/format';
import { CsvError } from 'csv-parse';
import { isMap, isSeq, LineCounter, parseDocument } from 'yaml';
import { type CsvRecord, csvRecords, startLine } from './csv-records.js';
import { DefogQueryError, splitGolds } from './defog-golds.js';
import { defogHeaderProblem, defogRecord, isDefogHeader } from './defog-record.js';
import { SUITE_MAX_BYTES } from './load-suite.js';
import { PairsFileError } from './pairs-file-error.js';
import { PAIR_FIELDS, PAIR_FORMAT, type QuestionSqlPair } from './question-sql-pair.js';

/** The formats a pairs file may be in, told by its extension. */
export const PAIR_FILE_FORMATS = ['jsonl', 'csv', 'yaml'] as const;
export type PairFileFormat = (typeof PAIR_FILE_FORMATS)[number];

/** A pair and where its record starts. */
export interface LocatedPair {
  readonly pair: QuestionSqlPair;
  readonly file: string;
  /** 1-based line where the record starts. */
  readonly line: number;
  /** What the record says import must find (a dataset record's role, behaviour, tables). */
  readonly expect?: PairExpectation;
}

/**
 * A dataset record's claims (spec 001 §12) that import checks rather than copies: the pair
 * is left out when the policy or the SQL's read set disagrees (decisions/benchmark-import.md).
 */
export interface PairExpectation {
  /** The role the record's question runs under; it must be a policy role. */
  readonly role?: string;
  /** answer: that role's outcome must be allowed; refuse: refused. */
  readonly behavior?: 'answer' | 'refuse' | 'clarify';
  /** The tables the record says the gold reads (gold_tables). */
  readonly tables?: readonly string[];
}

/** A record that is not a pair; it is left out. */
export interface PairProblem {
  readonly file: string;
  readonly line: number;
  /** What is wrong, without the place. */
  readonly problem: string;
  /** `file:line: field: problem`. */
  readonly message: string;
}

export interface ReadPairsResult {
  readonly pairs: LocatedPair[];
  readonly problems: PairProblem[];
}

const EXTENSIONS: Readonly<Record<string, PairFileFormat>> = {
  '.jsonl': 'jsonl',
  '.ndjson': 'jsonl',
  '.csv': 'csv',
  '.yaml': 'yaml',
  '.yml': 'yaml',
};

/** The format of a pairs file by its extension; throws PairsFileError for another. */
export function pairFileFormat(file: string): PairFileFormat {
  const format = EXTENSIONS[extname(file).toLowerCase()];
  if (format === undefined)
    throw new PairsFileError(
      'PAIRS_FORMAT',
      `cannot tell the format from the extension; use ${Object.keys(EXTENSIONS).join(', ')}`,
      file,
    );
  return format;
}

/** Accumulates the records of one file as pairs or problems (the benchmark readers use it too). */
export class Collector {
  readonly pairs: LocatedPair[] = [];
  readonly problems: PairProblem[] = [];
  constructor(readonly file: string) {}

  problem(line: number, problem: string, path: Array<string | number> = []): void {
    this.problems.push({
      file: this.file,
      line,
      problem,
      message: locatedMessage({ file: this.file, line }, path, problem),
    });
  }

  record(line: number, value: unknown): void {
    if (PAIR_FORMAT.check(value)) {
      this.pairs.push({ pair: value, file: this.file, line });
      return;
    }
    const issue = mostSpecificIssue(PAIR_FORMAT.issues(value));
    this.problem(line, issue?.message ?? 'not a question/SQL pair', [...(issue?.path ?? [])]);
  }
}

function fromJsonl(text: string, into: Collector): void {
  for (const [i, raw] of text.split('\n').entries()) {
    const line = raw.trim();
    if (line === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      into.problem(i + 1, `not a JSON object: ${(error as Error).message}`);
      continue;
    }
    into.record(i + 1, value);
  }
}

/** A CSV cell as the pair field it is under: empty is absent; lists and booleans are read. */
function csvValue(field: string, cell: string): unknown {
  const text = cell.trim();
  if (text === '') return undefined;
  if (field === 'tags') return text.split(/[\s,;]+/).filter((t) => t !== '');
  if (field === 'alt_sql') return splitGolds(text);
  if (field === 'order_matters') {
    if (/^(true|yes|1)$/i.test(text)) return true;
    if (/^(false|no|0)$/i.test(text)) return false;
  }
  return text;
}

function fromCsv(text: string, into: Collector): void {
  let records: CsvRecord[];
  try {
    records = csvRecords(text);
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines;
      throw new PairsFileError('PAIRS_SYNTAX', error.message, into.file, line);
    }
    throw error;
  }
  const [header, ...rows] = records;
  if (header === undefined) return;
  const columns = header.record.map((c) => c.trim());
  if (isDefogHeader(columns)) {
    fromDefogCsv(columns, header, rows, into);
    return;
  }
  const known = new Set<string>(PAIR_FIELDS);
  const unknown = columns.filter((c) => !known.has(c));
  const missing = ['question', 'sql'].filter((c) => !columns.includes(c));
  if (unknown.length > 0 || missing.length > 0)
    throw new PairsFileError(
      'PAIRS_FORMAT',
      [
        unknown.length > 0 ? `unknown column(s) ${unknown.join(', ')}` : '',
        missing.length > 0 ? `missing column(s) ${missing.join(', ')}` : '',
      ]
        .filter(Boolean)
        .join('; ') + ` (the header names ${PAIR_FIELDS.join(', ')}; question and sql required)`,
      into.file,
      startLine(header),
    );
  for (const row of rows) {
    const line = startLine(row);
    if (row.record.length !== columns.length) {
      into.problem(
        line,
        `${row.record.length} field(s), the header has ${columns.length} (quote a value that holds a comma)`,
      );
      continue;
    }
    const value: Record<string, unknown> = {};
    try {
      columns.forEach((column, i) => {
        const cell = csvValue(column, row.record[i] ?? '');
        if (cell !== undefined) value[column] = cell;
      });
    } catch (error) {
      if (!(error instanceof DefogQueryError)) throw error;
      into.problem(line, error.message, ['alt_sql']);
      continue;
    }
    if (typeof value.order_matters === 'string') {
      into.problem(
        line,
        `must be true or false (or yes/no, 1/0), got ${JSON.stringify(value.order_matters)}`,
        ['order_matters'],
      );
      continue;
    }
    into.record(line, value);
  }
}

/** A defog sql-eval questions file: each record's pair from defog-record.ts. */
function fromDefogCsv(
  columns: readonly string[],
  header: CsvRecord,
  rows: readonly CsvRecord[],
  into: Collector,
): void {
  const wrong = defogHeaderProblem(columns);
  if (wrong !== undefined)
    throw new PairsFileError('PAIRS_FORMAT', wrong, into.file, startLine(header));
  for (const row of rows) {
    const line = startLine(row);
    if (row.record.length !== columns.length) {
      into.problem(line, `${row.record.length} field(s), the header has ${columns.length}`);
      continue;
    }
    const read = defogRecord(columns, row.record);
    if ('problem' in read) into.problem(line, read.problem, [read.field]);
    else into.record(line, read.value);
  }
}

function fromYaml(text: string, into: Collector): void {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const error = doc.errors[0];
  if (error)
    throw new PairsFileError(
      'PAIRS_SYNTAX',
      error.message.split('\n')[0] ?? 'invalid YAML',
      into.file,
      lineCounter.linePos(error.pos[0]).line,
    );
  if (doc.contents === null) return;
  if (!isSeq(doc.contents))
    throw new PairsFileError(
      'PAIRS_FORMAT',
      'a YAML pairs file is a list of {question, sql, ...} maps',
      into.file,
      1,
    );
  for (const node of doc.contents.items) {
    const offset = (node as { range?: [number, number, number] } | null)?.range?.[0] ?? 0;
    const line = lineCounter.linePos(offset).line;
    if (!isMap(node)) {
      into.problem(line, 'not a map of question, sql, ...');
      continue;
    }
    let value: unknown;
    try {
      // No aliases: each pair is written out, as in a suite.
      value = node.toJS(doc, { maxAliasCount: 0 });
    } catch (e) {
      into.problem(line, (e as Error).message);
      continue;
    }
    into.record(line, value);
  }
}

/** Reads pairs from `text` in `format`; `file` names them in problems and sources. */
export function parsePairs(
  text: string,
  file: string,
  format: PairFileFormat,
  into: Collector = new Collector(file),
): ReadPairsResult {
  const normalised = text.replace(/\r\n?/g, '\n');
  if (format === 'jsonl') fromJsonl(normalised, into);
  else if (format === 'csv') fromCsv(normalised, into);
  else fromYaml(normalised, into);
  return { pairs: into.pairs, problems: into.problems };
}

/**
 * Reads a pairs file, its format told by the extension (.jsonl/.ndjson, .csv, .yaml/.yml).
 * Throws PairsFileError when the file cannot be read as its format at all.
 */
export async function readPairs(path: string, file = path): Promise<ReadPairsResult> {
  const format = pairFileFormat(path);
  let text: string;
  try {
    const info = await stat(path);
    if (info.isDirectory()) throw new Error('it is a directory');
    if (info.size > SUITE_MAX_BYTES)
      throw new Error(`it is over ${SUITE_MAX_BYTES / (1024 * 1024)} MiB`);
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new PairsFileError('PAIRS_READ', `cannot read: ${(error as Error).message}`, file);
  }
  return parsePairs(text, file, format);
}
