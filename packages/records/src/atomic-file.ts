import { randomBytes } from 'node:crypto';
import {
  closeSync,
  fsyncSync,
  linkSync,
  openSync,
  renameSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';

/**
 * The file primitives records and pages are written with: a text goes to a hidden
 * temporary file beside its target (same folder, so same file system) and is flushed to
 * disk; only then does it take the target's name, so a reader never sees half a file.
 */

/**
 * Writes `text` to a new hidden temporary file in `target`'s folder, flushed to disk, and
 * returns its path. The name starts with a dot and ends `.tmp`, so `readRecords` skips it.
 */
export function writeTempFile(target: string, text: string): string {
  const temp = join(
    dirname(target),
    `.${basename(target)}.${process.pid}-${randomBytes(6).toString('hex')}.tmp`,
  );
  const fd = openSync(temp, 'wx');
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    removeQuietly(temp);
    throw error;
  }
  closeSync(fd);
  return temp;
}

/**
 * Gives `temp`'s content the name `target` unless `target` exists (false then): a hard
 * link, which fails when the name is taken, so no file is ever replaced and two writers
 * racing for a name cannot both win. `temp` stays and is the caller's to remove.
 */
export function linkNew(temp: string, target: string): boolean {
  try {
    linkSync(temp, target);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    // File systems without hard links: an exclusive create claims the name, then a
    // rename moves the text over the empty claim file (still never over another file).
    if (code === 'EPERM' || code === 'ENOTSUP' || code === 'EOPNOTSUPP' || code === 'ENOSYS') {
      try {
        closeSync(openSync(target, 'wx'));
      } catch (claimError) {
        if ((claimError as NodeJS.ErrnoException).code === 'EEXIST') return false;
        throw claimError;
      }
      renameSync(temp, target);
      return true;
    }
    throw error;
  }
}

/** Removes a file if it is there; cleaning up must not hide the error being reported. */
export function removeQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // Already gone (moved by a rename, or never made).
  }
}
