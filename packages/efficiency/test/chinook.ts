import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { locateChinook } from '@nl2sql/datasets';

/** The verified Chinook_Sqlite.sqlite every integration test reads (never written). */
export function chinookPath(): Promise<string> {
  return locateChinook({ download: false });
}

export async function sha256(file: string): Promise<string> {
  return createHash('sha256')
    .update(await readFile(file))
    .digest('hex');
}
