import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltTestSuite, buildTestSuite } from '../src/build-test-suite.js';
import { formatManifest, MANIFEST_FILE, readManifest } from '../src/manifest.js';
import { COMPANY_GOLDS, companyDatabase } from './fixtures/company.js';

let original: string;
let root: string;
let first: BuiltTestSuite;

beforeAll(async () => {
  original = await companyDatabase();
  root = join(original, '..');
  first = await buildTestSuite({
    original,
    golds: COMPANY_GOLDS,
    dir: join(root, 'a'),
    candidates: 10,
    seed: 5,
    name: 'company',
  });
}, 300_000);

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('buildTestSuite', () => {
  it('is deterministic from the seed: same manifest, byte-identical variant files', async () => {
    const again = await buildTestSuite({
      original,
      golds: COMPANY_GOLDS,
      dir: join(root, 'b'),
      candidates: 10,
      seed: 5,
      name: 'company',
    });
    expect(formatManifest(again.manifest)).toBe(formatManifest(first.manifest));
    const files = (await readdir(join(root, 'a'))).sort();
    expect((await readdir(join(root, 'b'))).sort()).toEqual(files);
    for (const file of files) {
      expect(
        Buffer.compare(
          await readFile(join(root, 'a', file)),
          await readFile(join(root, 'b', file)),
        ),
        file,
      ).toBe(0);
    }
    const other = await buildTestSuite({
      original,
      golds: COMPANY_GOLDS,
      dir: join(root, 'c'),
      candidates: 10,
      seed: 6,
      name: 'company',
    });
    expect(other.manifest.databases.slice(1).map((d) => d.sha256)).not.toEqual(
      first.manifest.databases.slice(1).map((d) => d.sha256),
    );
  }, 300_000);

  it('writes a manifest that reads back, with the original first and the cap kept', async () => {
    const manifest = await readManifest(join(root, 'a', MANIFEST_FILE));
    expect(manifest).toEqual(first.manifest);
    expect(manifest.databases[0]).toMatchObject({ id: 'original', excluded: [] });
    expect(manifest.databases.length).toBeLessThanOrEqual(1 + manifest.maxVariants);
    expect(manifest.skippedTriggers).toEqual(['emp_touch']);
    const files = (await readdir(join(root, 'a'))).filter((f) => f.endsWith('.sqlite')).sort();
    expect(files).toEqual(
      manifest.databases
        .slice(1)
        .map((d) => d.file)
        .sort(),
    );
    const s = manifest.summary;
    expect(s.mutants).toBe(first.mutants.length);
    expect(s.valid + s.discarded).toBe(s.mutants);
    expect(s.killedBySuite).toBeLessThanOrEqual(s.differing);
    expect(s.killedByOriginal).toBeLessThanOrEqual(s.killedBySuite);
    // The variants catch what the original alone misses.
    expect(s.killedBySuite).toBeGreaterThan(s.killedByOriginal);
    expect(manifest.surviving.map((m) => m.id)).toEqual(
      first.mutants.filter((m) => m.status === 'surviving').map((m) => m.id),
    );
  });

  it('keeps the suite within a smaller cap, and removes variant files of an earlier build', async () => {
    const dir = join(root, 'a');
    await writeFile(join(dir, 'variant-999.sqlite'), 'stale');
    const capped = await buildTestSuite({
      original,
      golds: COMPANY_GOLDS,
      dir,
      candidates: 10,
      seed: 5,
      maxVariants: 1,
    });
    expect(capped.manifest.databases).toHaveLength(2);
    expect(capped.manifest.databases[1]?.id).toBe(first.manifest.databases[1]?.id);
    expect((await readdir(dir)).filter((f) => f.endsWith('.sqlite'))).toEqual([
      capped.manifest.databases[1]!.file,
    ]);
    expect(capped.mutants.filter((m) => m.status === 'escaped').length).toBe(
      capped.manifest.escaped.length,
    );
  }, 300_000);

  it('refuses a gold that fails on the original, and bad options', async () => {
    const golds = [{ id: 'broken', sql: 'SELECT nope FROM emp', orderMatters: false }];
    await expect(
      buildTestSuite({ original, golds, dir: join(root, 'x'), candidates: 0 }),
    ).rejects.toMatchObject({
      code: 'gold_failed',
      message: expect.stringContaining('no such column: nope'),
    });
    await expect(
      buildTestSuite({ original, golds: [], dir: join(root, 'x') }),
    ).rejects.toMatchObject({ code: 'invalid_option' });
    await expect(
      buildTestSuite({ original, golds: COMPANY_GOLDS, dir: join(root, 'x'), maxVariants: -1 }),
    ).rejects.toMatchObject({ code: 'invalid_option' });
    await expect(
      buildTestSuite({
        original,
        golds: [COMPANY_GOLDS[0], COMPANY_GOLDS[0]],
        dir: join(root, 'x'),
      }),
    ).rejects.toThrow(/appears twice/);
  });
});
