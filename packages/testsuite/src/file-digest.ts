import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';

/** SHA-256 (hex) of a file's bytes. */
export async function fileSha256(path: string): Promise<string> {
  return createHash('sha256')
    .update(await readFile(path))
    .digest('hex');
}
