import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';

/** Loads page scripts from src/client into a fresh context and returns the named globals. */
export function loadClient<T>(files: readonly string[], names: readonly string[]): T {
  const source = files
    .map((file) => readFileSync(new URL(`../src/client/${file}`, import.meta.url), 'utf8'))
    .join('\n');
  return runInNewContext(`${source}\n({ ${names.join(', ')} })`) as T;
}
