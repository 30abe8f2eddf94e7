import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * Every file and folder under `root` with a SHA-256 of each file's bytes, so a test can
 * tell that an operation left a tree exactly as it was (no file changed, added or removed,
 * no folder or temporary file left behind).
 */
export function treeHash(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      const key = relative(root, path);
      if (entry.isDirectory()) {
        out[`${key}/`] = 'folder';
        walk(path);
      } else {
        out[key] = createHash('sha256').update(readFileSync(path)).digest('hex');
      }
    }
  };
  walk(root);
  return out;
}
