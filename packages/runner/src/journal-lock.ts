// One journal, one run: a lock file beside the journal, created exclusively (O_EXCL) and
// holding the owner's PID and host. A second run on the same journal is refused
// (JOURNAL_LOCKED) instead of interleaving its lines with the first's; a lock left by a
// process that no longer runs (killed, crashed) is taken over, and the run says so.
// See decisions/runner-journal-identity-and-lock.md for why this and not proper-lockfile.

import { randomUUID } from 'node:crypto';
import {
  closeSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { dirname } from 'node:path';
import { RunnerError } from './runner-error.js';

/** What a lock file holds. */
interface LockOwner {
  readonly pid: number;
  readonly host: string;
  /** Tells this lock from an earlier one of a reused PID. */
  readonly token: string;
  readonly since: string;
}

function readOwner(path: string): LockOwner | null {
  try {
    const owner = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockOwner>;
    return typeof owner.pid === 'number' && typeof owner.host === 'string'
      ? (owner as LockOwner)
      : null;
  } catch {
    return null;
  }
}

/** Whether `pid` is a process on this machine (EPERM: it exists, owned by someone else). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function errno(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException).code;
}

/** A lock file that cannot be made (a full disk, a folder not ours): one line naming it. */
function unwritable(path: string, error: unknown): RunnerError {
  return new RunnerError(
    'JOURNAL_WRITE',
    `journal lock ${path}: cannot write (${(error as Error).message})`,
  );
}

/** A journal's exclusive lock, held from before the journal is read until the run ends. */
export class JournalLock {
  readonly path: string;
  /** Set when the lock of a process that no longer runs was taken over: what to tell the user. */
  readonly notice: string | null;
  readonly #token: string;
  #held = true;
  // A second Ctrl-C exits at once: the lock is removed on the way out all the same.
  readonly #onExit = () => this.release();

  private constructor(path: string, token: string, notice: string | null) {
    this.path = path;
    this.#token = token;
    this.notice = notice;
    process.once('exit', this.#onExit);
  }

  /** The lock of `journal` (the file `journal + '.lock'`), or JOURNAL_LOCKED. */
  static acquire(journal: string): JournalLock {
    const path = `${journal}.lock`;
    mkdirSync(dirname(path), { recursive: true });
    const owner: LockOwner = {
      pid: process.pid,
      host: hostname(),
      token: randomUUID(),
      since: new Date().toISOString(),
    };
    let notice: string | null = null;
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        const fd = openSync(path, 'wx');
        try {
          writeSync(fd, `${JSON.stringify(owner)}\n`);
        } catch (error) {
          // A lock that names no owner would refuse every later run: it goes (a full disk).
          closeSync(fd);
          unlinkSync(path);
          throw unwritable(path, error);
        }
        closeSync(fd);
        return new JournalLock(path, owner.token, notice);
      } catch (error) {
        if (error instanceof RunnerError) throw error;
        if (errno(error) !== 'EEXIST') throw unwritable(path, error);
      }
      const holder = readOwner(path);
      if (holder === null) {
        // Created but not yet written by its owner, or not ours to read: never stolen.
        throw new RunnerError(
          'JOURNAL_LOCKED',
          `journal ${journal} is locked (${path} exists and names no owner yet); if no run uses it, delete the lock file`,
        );
      }
      if (holder.host !== owner.host || running(holder.pid)) {
        const where = holder.host === owner.host ? '' : ` on ${holder.host}`;
        throw new RunnerError(
          'JOURNAL_LOCKED',
          `journal ${journal} is in use by process ${holder.pid}${where} since ${holder.since}; one journal takes one run at a time (${path})`,
        );
      }
      if (JournalLock.#takeOver(path, holder)) {
        notice = `took over the lock of journal ${journal} from process ${holder.pid}, which is no longer running`;
      }
    }
    throw new RunnerError(
      'JOURNAL_LOCKED',
      `journal ${journal}: could not take its lock (${path}); another run keeps taking it`,
    );
  }

  /**
   * Removes a dead owner's lock if it is still that owner's: moved aside under a unique name
   * first, so of two runs taking over at once only one removes it; a lock that turns out to
   * be another's by then is put back.
   */
  static #takeOver(path: string, dead: LockOwner): boolean {
    const aside = `${path}.${process.pid}.${randomUUID()}.stale`;
    try {
      renameSync(path, aside);
    } catch (error) {
      if (errno(error) === 'ENOENT') return false;
      throw error;
    }
    const moved = readOwner(aside);
    if (moved?.token === dead.token) {
      unlinkSync(aside);
      return true;
    }
    try {
      linkSync(aside, path);
    } catch {
      // Someone holds the name already; the moved lock's owner will fail to release, no more.
    }
    unlinkSync(aside);
    return false;
  }

  /** Releases the lock if this process still holds it; idempotent. */
  release(): void {
    if (!this.#held) return;
    this.#held = false;
    process.removeListener('exit', this.#onExit);
    if (readOwner(this.path)?.token === this.#token) {
      try {
        unlinkSync(this.path);
      } catch (error) {
        if (errno(error) !== 'ENOENT') throw error;
      }
    }
  }
}
