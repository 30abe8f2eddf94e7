import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { extractSql, loadSqlcheck } from '../src/index.js';

describe('loadSqlcheck', () => {
  it('loads the wasm once, on first use, and reports how long it took', async () => {
    expect(extractSql('```sql\nSELECT 1\n```')).toBe('SELECT 1'); // needs no parser
    const first = await loadSqlcheck();
    expect(first.loadedNow).toBe(true);
    expect(first.loadMs).toBeGreaterThan(0);
    const again = await loadSqlcheck();
    expect(again).toEqual({ loadMs: first.loadMs, loadedNow: false });
  });
});

describe('the parser load and the fetch globals', () => {
  it("loads the parser without loading Node's fetch implementation, and leaves Request and Response as they were", () => {
    // A process of its own: the test runner has long since read Response itself.
    const probe = fileURLToPath(new URL('./fixtures/fetch-globals-probe.ts', import.meta.url));
    const child = spawnSync(process.execPath, ['--import', 'tsx', probe], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(child.stderr).toBe('');
    expect(JSON.parse(child.stdout.trim())).toEqual({
      undiciBefore: false,
      // inside, before the SDK reads them, the globals are stood in for
      seenInside: false,
      failure: 'no parser',
      restoredAfterFailure: true,
      undiciAfterLoad: false,
      parsed: true,
      sameGetters: true,
      responseWorks: true,
    });
  }, 90_000);
});
