import {
  appendFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { dirname } from 'node:path';
import type { CaseResult } from './case-result.js';
import { type CaseRunRecord, type ReportCaseRun, toReportCaseRun } from './case-run-record.js';
import { RunnerError } from './runner-error.js';

/** This runner's journal format (see decisions/runner-journal-format.md). */
export const JOURNAL_FORMAT = 3;

/** An engine as the journal header identifies it (its URL carries no credentials). */
export interface JournalEngine {
  readonly name: string;
  readonly version: string;
  readonly models: Readonly<Record<string, string>> | null;
  readonly url: string | null;
}

/** The database a run asked, down to its data. */
export interface JournalDatabase {
  readonly datasource_id: string | null;
  readonly schema_fingerprint: string | null;
  /** SHA-256 over the data (see dataFingerprint); null when the caller gave none. */
  readonly data_digest: string | null;
  /** Rows per table when the data was fingerprinted, so a changed table can be named. */
  readonly row_counts: Readonly<Record<string, number>> | null;
}

/** The first line of a journal: what run it belongs to, so a resume cannot mix runs. */
export interface JournalHeader {
  readonly type: 'header';
  /** 3 since the header names engines, data and options (2 had none; 1 called the digest `plan`). */
  readonly format: typeof JOURNAL_FORMAT;
  readonly mode: string;
  readonly suite_digest: string;
  readonly configs: readonly string[];
  /** SHA-256 of the task keys in order: the same configs, cases, roles and passes. */
  readonly tasks_digest: string;
  /** Each config's engine, by config name. */
  readonly engines: Readonly<Record<string, JournalEngine>>;
  readonly database: JournalDatabase;
  /** The options that change a case run's score (see journalOptions). */
  readonly options: Readonly<Record<string, unknown>>;
}

/** One finished case run of one config. */
export interface JournalEntry {
  readonly type: 'case';
  readonly config: string;
  /** In a report's form (answer and first rows included); older journals' lines lack them. */
  readonly record: CaseRunRecord | ReportCaseRun;
}

/** One LLM call, billed as it completed, whichever case run it was for. */
export interface JournalCall {
  readonly type: 'call';
  readonly config: string;
  /** The case run it was made for, when known (null: outside any case run). */
  readonly case_id: string | null;
  readonly role: string | null;
  readonly pass: number | null;
  readonly node: string;
  readonly model: string;
  readonly input: number;
  readonly cached_input: number;
  readonly cache_write: number;
  readonly output: number;
  readonly reasoning: number;
  readonly cost_usd: number;
}

export interface JournalContents {
  readonly header: JournalHeader;
  readonly entries: readonly JournalEntry[];
  readonly calls: readonly JournalCall[];
}

/**
 * Reads a journal. A last line without its newline is a write the kill interrupted and is
 * dropped (that case run simply runs again); a bad line anywhere else is JOURNAL_CORRUPT.
 */
export function readJournal(path: string): JournalContents | null {
  if (!existsSync(path)) return null;
  const text = readFileSync(path, 'utf8');
  const lines = text.split('\n');
  // The piece after the last newline is empty, or a line the kill cut short.
  const complete = lines.slice(0, -1);
  let header: JournalHeader | null = null;
  const entries: JournalEntry[] = [];
  const calls: JournalCall[] = [];
  complete.forEach((line, index) => {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw new RunnerError('JOURNAL_CORRUPT', `${path}:${index + 1}: not a JSON line`);
    }
    const item = value as { type?: unknown };
    if (index === 0) {
      if (item.type !== 'header') {
        throw new RunnerError(
          'JOURNAL_CORRUPT',
          `${path}:1: the first line is not a journal header`,
        );
      }
      header = value as JournalHeader;
    } else if (item.type === 'case') {
      entries.push(value as JournalEntry);
    } else if (item.type === 'call') {
      calls.push(value as JournalCall);
    } else {
      throw new RunnerError('JOURNAL_CORRUPT', `${path}:${index + 1}: unknown line type`);
    }
  });
  if (header === null) return null;
  return { header, entries, calls };
}

/**
 * Appends one JSON line per finished case run and per billed LLM call, each written to the
 * file (opened, written, closed) before the run moves on, so a crash or kill loses no
 * finished work and no spent dollar, and nothing is left open when a run fails.
 */
export class Journal {
  readonly path: string;

  /** Opens a journal: a fresh one (header written) or, on resume, the existing file. */
  constructor(path: string, header: JournalHeader, resume: boolean) {
    this.path = path;
    mkdirSync(dirname(path), { recursive: true });
    if (resume && existsSync(path)) {
      // A line the kill cut short is dropped, so the next entry starts on a line of its own.
      const text = readFileSync(path, 'utf8');
      const end = text.lastIndexOf('\n') + 1;
      if (end < text.length) truncateSync(path, Buffer.byteLength(text.slice(0, end)));
      if (end === 0) this.#write(header);
    } else {
      writeFileSync(path, '');
      this.#write(header);
    }
  }

  /** Writes one finished case run, in a report's form (the journal is on disk). */
  append(config: string, result: CaseResult): void {
    const entry: JournalEntry = { type: 'case', config, record: toReportCaseRun(result) };
    this.#write(entry);
  }

  /** Writes one billed LLM call. */
  appendCall(call: JournalCall): void {
    this.#write(call);
  }

  #write(value: unknown): void {
    appendFileSync(this.path, `${JSON.stringify(value)}\n`);
  }
}
