import {
  chmodSync,
  copyFileSync,
  linkSync,
  lstatSync,
  mkdirSync,
  renameSync,
  rmdirSync,
  statSync,
  unlinkSync,
} from 'node:fs';
import { dirname } from 'node:path';
import { linkNew, removeQuietly, writeTempFile } from './atomic-file.js';
import { RecordError } from './record-error.js';

/**
 * A set of file writes that all happen or none do: publish's new records and rewritten
 * pages. `commit` first stages every text in a temporary file beside its target (any
 * failure there, a missing or unwritable folder, a full disk, touches no target), then
 * gives each its name: new files by hard link (never over an existing file), replaced
 * files by rename after hard-linking the old file aside. If a step fails, the steps done
 * are undone in reverse: new files removed, old files renamed back, temporary files and
 * the folders made for them removed, so the tree is as it was.
 *
 * The file system has no multi-file transaction: a crash (not an error) between two
 * renames can still leave part of the set; a later publish puts the pages right and, as
 * a record already there is recognised, does not record it twice.
 */
export class FileTransaction {
  private readonly writes: {
    readonly target: string;
    readonly text: string;
    readonly isNew: boolean;
  }[] = [];

  /** Writes `text` as a new file at `target`; the commit fails if `target` exists by then. */
  create(target: string, text: string): void {
    this.writes.push({ target, text, isNew: true });
  }

  /** Writes `text` over `target` (or as a new file), keeping an existing file's mode. */
  replace(target: string, text: string): void {
    this.writes.push({ target, text, isNew: false });
  }

  /** Does every write, or none: throws `RecordError` (`RECORD_EXISTS`, `FILE_ERROR`). */
  commit(): void {
    const steps: Steps = { undo: [], cleanup: [], folders: [] };
    try {
      const staged = this.writes.map((write) => ({ ...write, temp: stage(write, steps) }));
      for (const write of staged) {
        if (write.isNew) placeNew(write.temp, write.target, steps);
        else placeOver(write.temp, write.target, steps);
      }
    } catch (error) {
      // Undo in reverse (an old file comes back from its second name before the temporary
      // files go), then remove the folders made, deepest first, once they are empty again.
      const failed = runAll(steps.undo.reverse());
      runAll(steps.cleanup);
      failed.push(...runAll(steps.folders.reverse()));
      throw failure(error, failed);
    }
    runAll(steps.cleanup);
  }
}

/** What a commit has done so far, as the steps that take it back or tidy up. */
interface Steps {
  /** Take back a file put in place. */
  readonly undo: (() => void)[];
  /** Remove temporary files and old files' second names (after a commit or an undo). */
  readonly cleanup: (() => void)[];
  /** Remove a folder the commit made (only after an undo). */
  readonly folders: (() => void)[];
}

function stage(
  { target, text, isNew }: { target: string; text: string; isNew: boolean },
  steps: Steps,
): string {
  const dir = dirname(target);
  for (const folder of attempt(target, () => makeFolders(dir)))
    steps.folders.push(() => rmdirSync(folder));
  let mode: number | undefined;
  if (!isNew) {
    const existing = attempt(target, () => statSafe(target));
    if (existing?.isDirectory()) {
      throw new RecordError('FILE_ERROR', `${target} is a folder, not a file`, { file: target });
    }
    mode = existing?.mode;
  }
  const temp = attempt(target, () => writeTempFile(target, text));
  steps.cleanup.push(() => removeQuietly(temp));
  if (mode !== undefined) {
    const keep = mode;
    attempt(target, () => copyMode(temp, keep));
  }
  return temp;
}

function placeNew(temp: string, target: string, steps: Steps): void {
  const placed = attempt(target, () => linkNew(temp, target));
  if (!placed) {
    throw new RecordError(
      'RECORD_EXISTS',
      `${target}: a file appeared there while publishing; records are never replaced, so run publish again`,
      { file: target },
    );
  }
  steps.undo.push(() => unlinkSync(target));
}

function placeOver(temp: string, target: string, steps: Steps): void {
  const existed = attempt(target, () => lstatSafe(target)) !== undefined;
  if (!existed) {
    attempt(target, () => renameSync(temp, target));
    steps.undo.push(() => unlinkSync(target));
    return;
  }
  // Keep the old file under a second name until the whole set is in place.
  const backup = `${temp}.old`;
  attempt(target, () => {
    try {
      linkSync(target, backup);
    } catch {
      copyFileSync(target, backup); // no hard links here: a copy serves as well
    }
  });
  steps.cleanup.push(() => removeQuietly(backup));
  attempt(target, () => renameSync(temp, target));
  steps.undo.push(() => renameSync(backup, target));
}

/** Runs each step, carrying on past failures; returns what the failures were. */
function runAll(steps: readonly (() => void)[]): string[] {
  const failed: string[] = [];
  for (const step of steps) {
    try {
      step();
    } catch (error) {
      failed.push((error as Error).message);
    }
  }
  return failed;
}

function failure(error: unknown, undoFailures: readonly string[]): Error {
  const tail =
    undoFailures.length === 0
      ? 'nothing was written'
      : `and undoing the writes already done failed, so check the tree by hand: ${undoFailures.join('; ')}`;
  if (error instanceof RecordError) {
    return new RecordError(error.code, `${error.message}; ${tail}`, {
      ...(error.file === undefined ? {} : { file: error.file }),
      ...(error.field === undefined ? {} : { field: error.field }),
    });
  }
  return error instanceof Error ? error : new Error(String(error));
}

/** Runs an I/O step of writing `target`; a system error becomes `FILE_ERROR` naming it. */
function attempt<T>(target: string, run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof RecordError) throw error;
    throw new RecordError('FILE_ERROR', `cannot write ${target}: ${(error as Error).message}`, {
      file: target,
    });
  }
}

/** The file's status (following a link), or undefined when nothing is there. */
function statSafe(path: string) {
  return missingAsUndefined(() => statSync(path));
}

/** The name's own status (a link as a link), or undefined when nothing is there. */
function lstatSafe(path: string) {
  return missingAsUndefined(() => lstatSync(path));
}

function missingAsUndefined<T>(run: () => T): T | undefined {
  try {
    return run();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** A rewritten README keeps its permissions (a new file would get the umask's). */
function copyMode(temp: string, mode: number): void {
  if ((statSync(temp).mode & 0o7777) !== (mode & 0o7777)) chmodSync(temp, mode & 0o7777);
}

/**
 * `mkdir -p dir`, one folder at a time, top first; returns the folders it made, in order.
 * Node's recursive mkdir reports ENOENT when the real cause is a read-only file system (it
 * retries the deepest folder and reports that), so a publish into a read-only benchmarks/
 * said "no such file"; one level at a time, the error is the file system's own (EROFS,
 * EACCES). A folder another process made meanwhile is not ours to remove on undo.
 */
function makeFolders(dir: string): string[] {
  const missing: string[] = [];
  for (let current = dir; lstatSafe(current) === undefined; current = dirname(current)) {
    missing.unshift(current);
    if (dirname(current) === current) break;
  }
  const made: string[] = [];
  for (const folder of missing) {
    try {
      mkdirSync(folder);
      made.push(folder);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return made;
}
