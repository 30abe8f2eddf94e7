import {
  closeSync,
  existsSync,
  fstatSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readSync,
  writeSync,
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
  /** A shard's journal only: which shard of the run (`--shard i/n`) it holds. */
  readonly shard?: { readonly index: number; readonly count: number };
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
  /** Bytes after the last newline: a line a kill or a full disk cut short (0: none). */
  readonly tornBytes: number;
}

/** How much of a journal is read at a time: lines are parsed as they come, never the whole file. */
const CHUNK_BYTES = 1024 * 1024;

/**
 * The complete lines of a file (those ending in a newline), one at a time, read in chunks:
 * a journal of 30,000 case runs is never held as one string. The piece after the last
 * newline (a write the kill cut short) is not a line.
 */
function* completeLines(path: string, torn: { bytes: number }): Generator<string> {
  const fd = openSync(path, 'r');
  try {
    const chunk = Buffer.alloc(CHUNK_BYTES);
    let pending: Buffer[] = [];
    for (;;) {
      const read = readSync(fd, chunk, 0, CHUNK_BYTES, null);
      if (read === 0) {
        torn.bytes = pending.reduce((n, piece) => n + piece.length, 0);
        return;
      }
      let start = 0;
      for (;;) {
        const end = chunk.indexOf(0x0a, start);
        if (end < 0 || end >= read) break;
        const piece = chunk.subarray(start, end);
        yield (pending.length === 0 ? piece : Buffer.concat([...pending, piece])).toString('utf8');
        pending = [];
        start = end + 1;
      }
      // Copied: the chunk buffer is reused by the next read.
      if (start < read) pending.push(Buffer.from(chunk.subarray(start, read)));
    }
  } finally {
    closeSync(fd);
  }
}

/**
 * Reads a journal, line by line. A last line without its newline is a write the kill
 * interrupted and is dropped (that case run simply runs again); a bad line anywhere else is
 * JOURNAL_CORRUPT.
 */
export function readJournal(path: string): JournalContents | null {
  if (!existsSync(path)) return null;
  let header: JournalHeader | null = null;
  const entries: JournalEntry[] = [];
  const calls: JournalCall[] = [];
  let index = 0;
  const torn = { bytes: 0 };
  for (const line of completeLines(path, torn)) {
    index++;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw new RunnerError('JOURNAL_CORRUPT', `${path}:${index}: not a JSON line`);
    }
    const item = value as { type?: unknown };
    if (index === 1) {
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
      throw new RunnerError('JOURNAL_CORRUPT', `${path}:${index}: unknown line type`);
    }
  }
  if (header === null) return null;
  return { header, entries, calls, tornBytes: torn.bytes };
}

/** The byte length of a file up to and including its last newline (0 when it has none). */
function lastNewlineEnd(fd: number): number {
  const size = fstatSync(fd).size;
  const chunk = Buffer.alloc(Math.min(CHUNK_BYTES, Math.max(size, 1)));
  let end = size;
  while (end > 0) {
    const start = Math.max(0, end - chunk.length);
    const read = readSync(fd, chunk, 0, end - start, start);
    const at = chunk.subarray(0, read).lastIndexOf(0x0a);
    if (at >= 0) return start + at + 1;
    end = start;
  }
  return 0;
}

/**
 * Appends one JSON line per finished case run and per billed LLM call, each written to the
 * file before the run moves on, so a crash or kill loses no finished work and no spent
 * dollar. The file stays open for the run (one write per line, not an open and a close) and
 * is closed when the run ends, whether it finishes or fails.
 *
 * A line that cannot be written whole (a full disk) is cut off again, so the file always
 * ends on its last whole line and a resume continues from there; the journal is then
 * closed and the write throws JOURNAL_WRITE naming the file.
 */
export class Journal {
  readonly path: string;
  #fd: number | null = null;
  /** The file's length up to its last whole line: where a failed write is cut back to. */
  #whole = 0;

  /** Opens a journal: a fresh one (header written) or, on resume, the existing file. */
  constructor(path: string, header: JournalHeader, resume: boolean) {
    this.path = path;
    try {
      mkdirSync(dirname(path), { recursive: true });
      if (resume && existsSync(path)) {
        this.#fd = openSync(path, 'r+');
        // A line the kill cut short is dropped, so the next entry starts on a line of its own.
        const end = lastNewlineEnd(this.#fd);
        if (end < fstatSync(this.#fd).size) ftruncateSync(this.#fd, end);
        closeSync(this.#fd);
        this.#fd = openSync(path, 'a');
        this.#whole = end;
        if (end === 0) this.#write(header);
      } else {
        this.#fd = openSync(path, 'w');
        this.#write(header);
      }
    } catch (error) {
      throw error instanceof RunnerError ? error : this.#failure(error);
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

  /** Closes the file; a closed journal writes nothing more. Safe to call twice. */
  close(): void {
    if (this.#fd === null) return;
    closeSync(this.#fd);
    this.#fd = null;
  }

  #write(value: unknown): void {
    if (this.#fd === null) {
      throw new RunnerError('INTERNAL_ERROR', `journal ${this.path} was written after it closed`);
    }
    const line = Buffer.from(`${JSON.stringify(value)}\n`, 'utf8');
    // writeSync may write less than asked (a full disk, a signal): loop until the line is out.
    let done = 0;
    try {
      while (done < line.length) done += writeSync(this.#fd, line, done, line.length - done);
    } catch (error) {
      this.#abandon();
      throw this.#failure(error);
    }
    this.#whole += line.length;
  }

  /** A write failed: the part of the line that made it is cut off, and the file closed. */
  #abandon(): void {
    const fd = this.#fd;
    this.#fd = null;
    if (fd === null) return;
    try {
      ftruncateSync(fd, this.#whole);
    } catch {
      // Cannot cut it back: the next resume drops the torn line (readJournal, lastNewlineEnd).
    }
    try {
      closeSync(fd);
    } catch {
      // Closing a file whose last write failed can fail again (EIO): it is closed all the same.
    }
  }

  #failure(error: unknown): RunnerError {
    return new RunnerError(
      'JOURNAL_WRITE',
      `journal ${this.path}: cannot write (${(error as Error).message})`,
    );
  }
}
