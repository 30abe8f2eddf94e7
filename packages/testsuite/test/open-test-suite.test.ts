import { cp, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestSuite } from '../src/build-test-suite.js';
import { fileSha256 } from '../src/file-digest.js';
import type { Manifest } from '../src/manifest.js';
import { openTestSuite } from '../src/open-test-suite.js';
import { COMPANY_GOLDS, companyDatabase } from './fixtures/company.js';

let original: string;
let root: string;
let manifest: Manifest;

beforeAll(async () => {
  original = await companyDatabase();
  root = join(original, '..');
  ({ manifest } = await buildTestSuite({
    original,
    golds: COMPANY_GOLDS,
    dir: join(root, 'built'),
    candidates: 6,
    seed: 9,
  }));
}, 300_000);

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

async function copyOfSuite(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'nl2sql-testsuite-open-'));
  await cp(join(root, 'built'), dir, { recursive: true });
  return dir;
}

describe('openTestSuite', () => {
  it('regenerates missing variant files byte-identically from the manifest alone', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'nl2sql-testsuite-open-'));
    await cp(join(root, 'built', 'manifest.json'), join(dir, 'manifest.json'));
    const suite = await openTestSuite({ dir, original, golds: COMPANY_GOLDS });
    try {
      expect(suite.databases.map((d) => d.id)).toEqual(manifest.databases.map((d) => d.id));
      for (const db of manifest.databases.slice(1))
        expect(await fileSha256(join(dir, db.file!))).toBe(db.sha256);
      expect(suite.goldId(COMPANY_GOLDS[1].sql)).toBe('hired_2021');
    } finally {
      await suite.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('regenerates into another directory when asked, leaving the suite directory untouched', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'nl2sql-testsuite-open-'));
    await cp(join(root, 'built', 'manifest.json'), join(dir, 'manifest.json'));
    const variantsDir = join(dir, 'cache', 'variants');
    const suite = await openTestSuite({ dir, original, golds: COMPANY_GOLDS, variantsDir });
    try {
      expect(suite.databases.slice(1).map((d) => d.path)).toEqual(
        manifest.databases.slice(1).map((d) => join(variantsDir, d.file!)),
      );
      expect(await readdir(dir)).toEqual(['cache', 'manifest.json']);
    } finally {
      await suite.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses a variant file that is not the one distilled', async () => {
    const dir = await copyOfSuite();
    const file = join(dir, manifest.databases[1]!.file!);
    await writeFile(file, 'not the variant');
    await expect(openTestSuite({ dir, original, golds: COMPANY_GOLDS })).rejects.toMatchObject({
      code: 'variant_digest_mismatch',
    });
    await rm(dir, { recursive: true, force: true });
  });

  it('refuses another original database, other golds, or a missing file when told not to regenerate', async () => {
    const dir = await copyOfSuite();
    const other = await companyDatabase();
    await writeFile(other, Buffer.concat([Buffer.from('x')]), { flag: 'a' });
    await expect(
      openTestSuite({ dir, original: other, golds: COMPANY_GOLDS }),
    ).rejects.toMatchObject({
      code: 'original_changed',
    });
    await expect(
      openTestSuite({ dir, original, golds: COMPANY_GOLDS.slice(1) }),
    ).rejects.toMatchObject({
      code: 'golds_changed',
    });
    await rm(join(dir, manifest.databases[1]!.file!));
    await expect(
      openTestSuite({ dir, original, golds: COMPANY_GOLDS, regenerate: false }),
    ).rejects.toMatchObject({
      code: 'variant_digest_mismatch',
    });
    await expect(
      openTestSuite({ dir: join(dir, 'nowhere'), original, golds: COMPANY_GOLDS }),
    ).rejects.toMatchObject({
      code: 'manifest_invalid',
    });
    await rm(dir, { recursive: true, force: true });
    await rm(join(other, '..'), { recursive: true, force: true });
  });
});
