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
