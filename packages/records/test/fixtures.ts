import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

export { FIXTURE_BENCHMARKS, FIXTURE_FILES, fixture, variant } from './fixture-records.js';

const created: string[] = [];

/** A fresh directory under the OS temp folder, removed after the test file has run. */
export function tempDir(prefix = 'records-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  created.push(dir);
  return dir;
}

// Registered while a test file imports this module, so it runs once that file is done.
afterAll(() => {
  for (const dir of created.splice(0)) rmSync(dir, { recursive: true, force: true });
});
