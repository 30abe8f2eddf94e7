import { existsSync, mkdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { reporterConfigError } from './reporter-error.js';

/**
 * Refuses, before the run asks anything, an output file that can never be written: the path
 * is a folder, or some folder on its way is a file (exit 3). A folder that does not exist
 * yet is made when the file is written.
 */
export function checkOutputPath(path: string, given: string): void {
  if (existsSync(path) && statSync(path).isDirectory()) {
    throw reporterConfigError(`${given}: ${path} is a folder, not a file`);
  }
  let dir = dirname(path);
  while (!existsSync(dir)) {
    const up = dirname(dir);
    if (up === dir) return;
    dir = up;
  }
  if (!statSync(dir).isDirectory()) {
    throw reporterConfigError(`${given}: ${dir} is a file, so ${path} cannot be written`);
  }
}

/**
 * Writes a report file whole or not at all (a temporary file beside it, renamed over it),
 * making its folder. A reader (a CI step uploading it) never sees half a file.
 */
export function writeOutputFile(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  try {
    writeFileSync(temp, text);
    renameSync(temp, path);
  } catch (error) {
    // A full disk leaves the temporary file half written: it goes, the error is reported.
    rmSync(temp, { force: true });
    throw error;
  }
}
