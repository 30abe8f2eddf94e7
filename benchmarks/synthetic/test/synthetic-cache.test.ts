import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cachedSynthetic, generatorDigest, SYNTHETIC_CACHE_ROOT } from '../src/index.js';

describe('cachedSynthetic', () => {
  it('generates a set once, then hands back the same files; another seed or size is another set', async () => {
    const root = mkdtempSync(join(tmpdir(), 'synthetic-cache-'));
    const told: string[] = [];
    const onGenerate = (dir: string) => told.push(dir);
    const first = await cachedSynthetic({ seed: 3, cases: 30, root, onGenerate });
    expect(told).toHaveLength(1);
    expect(dirname(first.suitePath)).toBe(told[0]);
    expect(told[0]).toContain(`seed-3_cases-30_${generatorDigest()}`);
    const written = statSync(first.suitePath).mtimeMs;

    const again = await cachedSynthetic({ seed: 3, cases: 30, root, onGenerate });
    expect(told).toHaveLength(1);
    expect(again).toEqual(first);
    expect(statSync(again.suitePath).mtimeMs).toBe(written);

    const other = await cachedSynthetic({ seed: 4, cases: 30, root, onGenerate });
    const fewer = await cachedSynthetic({ seed: 3, cases: 20, root, onGenerate });
    expect(told).toHaveLength(3);
    expect(new Set([first.suitePath, other.suitePath, fewer.suitePath]).size).toBe(3);
  });

  it('names its folder by a digest of the generator, under the OS temp folder by default', () => {
    expect(generatorDigest()).toMatch(/^[0-9a-f]{12}$/);
    expect(generatorDigest()).toBe(generatorDigest());
    expect(SYNTHETIC_CACHE_ROOT.startsWith(tmpdir())).toBe(true);
  });
});
