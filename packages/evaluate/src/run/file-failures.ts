import type { RunEventListener } from '@nl2sql/runner';
import type { Io } from '../io.js';

/** An error of the file system (ENOSPC, EIO, EACCES, EFBIG ...), not a bug in nl2sql. */
function isFileSystemError(error: unknown): error is NodeJS.ErrnoException {
  const code = (error as { code?: unknown } | null)?.code;
  return error instanceof Error && typeof code === 'string' && /^E[A-Z]+$/.test(code);
}

/**
 * The files a run could not write (`--save`, `--journal`: a full disk). Each is one line on
 * stderr naming the file and the system's error, never a stack trace; the run goes on, its
 * board is printed, and a run that would have exited 0 exits 3 (decisions/runner-journal-full-disk.md).
 */
export class FileFailures {
  readonly #io: Io;
  readonly #files: string[] = [];

  constructor(io: Io) {
    this.#io = io;
  }

  /** Whether any file could not be written. */
  get any(): boolean {
    return this.#files.length > 0;
  }

  /** Whether `file` could not be written. */
  failed(file: string): boolean {
    return this.#files.includes(file);
  }

  /** The runner's journal.failed event, told once. */
  readonly listener: RunEventListener = (event) => {
    if (event.type !== 'journal.failed') return;
    this.#files.push(event.path);
    this.#io.err(
      `nl2sql: ${event.message}; the run goes on without it, and --resume continues from its last whole line`,
    );
  };

  /**
   * Runs `write`, which writes `file` (named `flag FILE` in the message): a file-system error
   * it throws is told and remembered instead of failing the command. False when it failed.
   */
  attempt(flag: string, file: string, write: () => void): boolean {
    try {
      write();
      return true;
    } catch (error) {
      if (!isFileSystemError(error)) throw error;
      this.#files.push(file);
      this.#io.err(`nl2sql: ${flag} ${file}: cannot write (${error.message})`);
      return false;
    }
  }

  /** A listener that writes `file`, its file-system errors told as attempt() tells them. */
  guard(flag: string, file: string, write: RunEventListener): RunEventListener {
    return (event) => {
      this.attempt(flag, file, () => write(event));
    };
  }
}
