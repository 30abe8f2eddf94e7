// Reading a file of predictions (one system's answers to a suite's questions) in the layouts
// teams already have: JSONL or CSV keyed by case id, and the public benchmarks' positional
// files, Spider's (one SQL per line in question order, optionally `\t db_id`) and BIRD's
// (`sql\t----- bird -----\tdb_id`, one per line or its predict_dev.json object keyed by the
// question's index). This file reads records; pair-predictions.ts matches them to the suite.

import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { extname } from 'node:path';
import { CsvError } from 'csv-parse';
import { type CsvRecord, csvRecords, startLine } from './csv-records.js';
import { SUITE_MAX_BYTES } from './load-suite.js';
import { type PredictionProblem, PredictionsFileError } from './predictions-file-error.js';

/** The layouts a predictions file may be in. */
export const PREDICTION_LAYOUTS = ['jsonl', 'csv', 'spider', 'bird'] as const;
export type PredictionLayout = (typeof PREDICTION_LAYOUTS)[number];

/** One SQL a system proposed for a case, with the written answer it gave, if any. */
export interface PredictionCandidate {
  readonly sql: string;
  readonly answer: string | null;
}

/** One record of the file, before it is matched to a case. */
export interface PredictionRecord {
  /** 1-based line the record starts on. */
  readonly line: number;
  /** The case id it names (jsonl, csv); null in a positional layout. */
  readonly id: string | null;
  /** Its 0-based position among the suite's questions (spider, bird); null when keyed by id. */
  readonly position: number | null;
  /** The role it answers as; null for every role of its case. */
  readonly role: string | null;
  /** The database it says it was written for (a `db_id`), checked against the case's. */
  readonly dbId: string | null;
  /** In order: a `candidates` list gives several, every other record one. */
  readonly candidates: readonly PredictionCandidate[];
}

/** A predictions file read whole. */
export interface PredictionsText {
  readonly file: string;
  /** SHA-256 of the file's bytes, hex: records name the answers they scored by it. */
  readonly digest: string;
  readonly layout: PredictionLayout;
  readonly records: readonly PredictionRecord[];
}

/** BIRD's separator between the SQL and the database id. */
export const BIRD_SEPARATOR = '\t----- bird -----\t';

/** The fields a JSONL record may carry (`question` and `db_id` are read and checked). */
const JSONL_FIELDS = new Set(['id', 'sql', 'role', 'answer', 'candidates', 'question', 'db_id']);
const CSV_COLUMNS = ['id', 'sql', 'role', 'answer', 'question', 'db_id'];

class Records {
  readonly records: PredictionRecord[] = [];
  readonly problems: PredictionProblem[] = [];
  constructor(readonly file: string) {}
  problem(line: number | undefined, problem: string): void {
    this.problems.push({ file: this.file, ...(line === undefined ? {} : { line }), problem });
  }
}

const optionalText = (v: unknown): v is string | undefined | null =>
  v === undefined || v === null || typeof v === 'string';

/** A `candidates` entry: a SQL string, or {sql, answer}. */
function candidateOf(value: unknown): PredictionCandidate | string {
  if (typeof value === 'string') return { sql: value, answer: null };
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return 'a candidate is a SQL string or an object {sql, answer}';
  const { sql, answer, ...rest } = value as Record<string, unknown>;
  if (Object.keys(rest).length > 0)
    return `unknown candidate field(s) ${Object.keys(rest).join(', ')}`;
  if (typeof sql !== 'string') return 'a candidate needs sql, a string';
  if (!optionalText(answer)) return 'a candidate answer must be a string';
  return { sql, answer: answer ?? null };
}

/** A keyed record (JSONL object or CSV row) as a PredictionRecord, or its problem. */
function keyedRecord(line: number, value: Record<string, unknown>): PredictionRecord | string {
  const unknown = Object.keys(value).filter((k) => !JSONL_FIELDS.has(k));
  if (unknown.length > 0)
    return `unknown field(s) ${unknown.join(', ')} (a prediction has id, sql or candidates, and optionally role, answer, question, db_id)`;
  const { id, sql, role, answer, candidates, db_id: dbId } = value;
  if (typeof id !== 'string' || id.trim() === '')
    return 'id: missing (the case id the SQL answers)';
  if (!optionalText(role) || !optionalText(answer) || !optionalText(dbId))
    return 'role, answer and db_id must be strings';
  let list: PredictionCandidate[];
  if (candidates !== undefined) {
    if (sql !== undefined) return 'give sql or candidates, not both';
    if (!Array.isArray(candidates) || candidates.length === 0)
      return 'candidates: a non-empty list of SQL strings or {sql, answer}';
    list = [];
    for (const c of candidates) {
      const one = candidateOf(c);
      if (typeof one === 'string') return `candidates: ${one}`;
      list.push(one);
    }
  } else {
    if (typeof sql !== 'string') return 'sql: missing (or candidates, a list)';
    list = [{ sql, answer: answer ?? null }];
  }
  for (const [i, c] of list.entries())
    if (c.sql.trim() === '')
      return list.length > 1 ? `candidates[${i}]: empty SQL` : 'sql: empty SQL';
  return {
    line,
    id: id.trim(),
    position: null,
    role: role?.trim() ? role.trim() : null,
    dbId: dbId?.trim() ? dbId.trim() : null,
    candidates: list,
  };
}

function fromJsonl(text: string, into: Records): void {
  for (const [i, raw] of text.split('\n').entries()) {
    if (raw.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (error) {
      into.problem(
        i + 1,
        `not JSON (a .jsonl file has one JSON object per line): ${(error as Error).message}`,
      );
      continue;
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      into.problem(i + 1, 'not a JSON object {id, sql, ...}');
      continue;
    }
    const record = keyedRecord(i + 1, value as Record<string, unknown>);
    if (typeof record === 'string') into.problem(i + 1, record);
    else into.records.push(record);
  }
}

function fromCsv(text: string, into: Records): void {
  let rows: CsvRecord[];
  try {
    rows = csvRecords(text);
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    into.problem((error as CsvError & { lines?: number }).lines, `not CSV: ${error.message}`);
    return;
  }
  const [header, ...body] = rows;
  if (header === undefined) return;
  const columns = header.record.map((c) => c.trim());
  const unknown = columns.filter((c) => !CSV_COLUMNS.includes(c));
  const missing = ['id', 'sql'].filter((c) => !columns.includes(c));
  if (unknown.length > 0 || missing.length > 0) {
    const said = [
      unknown.length > 0 ? `unknown column(s) ${unknown.join(', ')}` : '',
      missing.length > 0 ? `missing column(s) ${missing.join(', ')}` : '',
    ].filter(Boolean);
    into.problem(
      startLine(header),
      `${said.join('; ')} (the header names id, sql and optionally role, answer, question, db_id)`,
    );
    return;
  }
  for (const row of body) {
    const line = startLine(row);
    if (row.record.length !== columns.length) {
      into.problem(
        line,
        `${row.record.length} field(s), the header has ${columns.length} (quote a value that holds a comma)`,
      );
      continue;
    }
    const value: Record<string, unknown> = {};
    columns.forEach((column, i) => {
      const cell = row.record[i] ?? '';
      // An empty sql cell is an empty SQL (refused below); other empty cells are absent.
      if (column === 'sql' || cell.trim() !== '')
        value[column] = column === 'sql' ? cell : cell.trim();
    });
    const record = keyedRecord(line, value);
    if (typeof record === 'string') into.problem(line, record);
    else into.records.push(record);
  }
}

/** One positional line: Spider's `sql[\tdb_id]` or BIRD's `sql\t----- bird -----\tdb_id`. */
function positional(
  line: number,
  position: number,
  raw: string,
  layout: 'spider' | 'bird',
): PredictionRecord | string {
  let sql = raw;
  let dbId: string | null = null;
  if (layout === 'bird') {
    const at = raw.lastIndexOf(BIRD_SEPARATOR);
    if (at < 0) return `not BIRD's layout: no "\\t----- bird -----\\t" before the db_id`;
    sql = raw.slice(0, at);
    dbId = raw.slice(at + BIRD_SEPARATOR.length).trim() || null;
  } else {
    // Spider's scripts read the SQL before the first tab; what follows is its db_id.
    const tab = raw.indexOf('\t');
    if (tab >= 0) {
      sql = raw.slice(0, tab);
      dbId = raw.slice(tab + 1).trim() || null;
    }
  }
  if (sql.trim() === '') return "empty SQL (one SQL per line, in the order of the suite's cases)";
  return {
    line,
    id: null,
    position,
    role: null,
    dbId,
    candidates: [{ sql: sql.trim(), answer: null }],
  };
}

/** Why a line of a SQL-per-line file is another layout's record, or null. */
function otherLayout(raw: string, line: number): string | null {
  const text = raw.trim();
  if (text.startsWith('{') && text.endsWith('}')) {
    try {
      JSON.parse(text);
      return 'a JSON object, not SQL: a JSONL file is named .jsonl';
    } catch {
      return null;
    }
  }
  if (line === 1 && /^"?id"?\s*,\s*"?sql"?\b/i.test(text))
    return 'a CSV header, not SQL: a CSV file is named .csv';
  return null;
}

function fromLines(text: string, layout: 'spider' | 'bird', into: Records): void {
  const lines = text.split('\n');
  // The newline that ends the last line ends no record.
  if (lines.at(-1) === '') lines.pop();
  for (const [i, raw] of lines.entries()) {
    const other = otherLayout(raw, i + 1);
    if (other !== null) {
      into.problem(i + 1, other);
      continue;
    }
    const record = positional(i + 1, i, raw, layout);
    if (typeof record === 'string') into.problem(i + 1, record);
    else into.records.push(record);
  }
}

/** BIRD's predict_dev.json: {"0": "sql\t----- bird -----\tdb_id", ...}. */
function fromBirdJson(text: string, into: Records): void {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    into.problem(undefined, `not JSON: ${(error as Error).message}`);
    return;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    into.problem(
      1,
      'a .json predictions file is BIRD\'s object {"0": "sql\\t----- bird -----\\tdb_id", ...}',
    );
    return;
  }
  const lines = text.split('\n');
  const lineOf = (key: string): number => {
    const at = lines.findIndex((l) => l.trimStart().startsWith(JSON.stringify(key)));
    return at < 0 ? 1 : at + 1;
  };
  for (const [key, entry] of Object.entries(value)) {
    const line = lineOf(key);
    if (!/^(0|[1-9]\d*)$/.test(key)) {
      into.problem(
        line,
        `key ${JSON.stringify(key)}: BIRD's keys are the questions' indices, 0, 1, ...`,
      );
      continue;
    }
    if (typeof entry !== 'string') {
      into.problem(line, `key ${key}: not a string "sql\\t----- bird -----\\tdb_id"`);
      continue;
    }
    const record = positional(line, Number(key), entry, 'bird');
    if (typeof record === 'string') into.problem(line, `key ${key}: ${record}`);
    else into.records.push(record);
  }
}

/**
 * The layout a file is in: by its extension (.jsonl/.ndjson, .csv, .json is BIRD's object),
 * and for lines of SQL (.sql, .txt, or anything else) by their content: BIRD's when the
 * first line carries its separator, else Spider's.
 */
export function predictionLayout(file: string, text: string): PredictionLayout {
  const ext = extname(file).toLowerCase();
  if (ext === '.jsonl' || ext === '.ndjson') return 'jsonl';
  if (ext === '.csv') return 'csv';
  if (ext === '.json') return 'bird';
  const first = text.split('\n').find((l) => l.trim() !== '') ?? '';
  return first.includes(BIRD_SEPARATOR) ? 'bird' : 'spider';
}

/** Parses predictions from `text`; throws PredictionsFileError with every located problem. */
export function parsePredictions(
  text: string,
  file: string,
  layout: PredictionLayout,
  digest = createHash('sha256').update(text).digest('hex'),
): PredictionsText {
  const into = new Records(file);
  const normalised = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (layout === 'jsonl') fromJsonl(normalised, into);
  else if (layout === 'csv') fromCsv(normalised, into);
  else if (layout === 'bird' && extname(file).toLowerCase() === '.json')
    fromBirdJson(normalised, into);
  else fromLines(normalised, layout, into);
  if (into.problems.length > 0) throw new PredictionsFileError('PREDICTIONS_LAYOUT', into.problems);
  if (into.records.length === 0)
    throw new PredictionsFileError('PREDICTIONS_LAYOUT', [
      { file, problem: `no predictions (read as ${layout})` },
    ]);
  return { file, digest, layout, records: into.records };
}

/**
 * Reads a predictions file, its layout from `layout` or told by predictionLayout. `file`
 * names it in problems (default the path). Throws PredictionsFileError.
 */
export async function readPredictions(
  path: string,
  options: { readonly file?: string; readonly layout?: PredictionLayout } = {},
): Promise<PredictionsText> {
  const file = options.file ?? path;
  let bytes: Buffer;
  try {
    const info = await stat(path);
    if (info.isDirectory()) throw new Error('it is a directory');
    if (info.size > SUITE_MAX_BYTES)
      throw new Error(`it is over ${SUITE_MAX_BYTES / (1024 * 1024)} MiB`);
    bytes = await readFile(path);
  } catch (error) {
    throw new PredictionsFileError('PREDICTIONS_READ', [
      { file, problem: `cannot read: ${(error as Error).message}` },
    ]);
  }
  const text = bytes.toString('utf8');
  const digest = createHash('sha256').update(bytes).digest('hex');
  return parsePredictions(text, file, options.layout ?? predictionLayout(path, text), digest);
}
