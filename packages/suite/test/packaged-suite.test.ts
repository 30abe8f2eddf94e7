import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packagedSuite } from '../src/index.js';

async function tree(files: Record<string, string>): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'suite-pkg-'));
  for (const [path, text] of Object.entries(files)) {
    await mkdir(join(root, path, '..'), { recursive: true });
    await writeFile(join(root, path), text);
  }
  return root;
}

describe('packagedSuite', () => {
  it('is undefined for a free-standing suite', async () => {
    const root = await tree({ 'suites/s.yaml': '' });
    expect(await packagedSuite(join(root, 'suites/s.yaml'))).toBeUndefined();
  });

  it('flags a suite under node_modules', async () => {
    const root = await tree({ 'node_modules/@x/data/suites/s.yaml': '' });
    const p = await packagedSuite(join(root, 'node_modules/@x/data/suites/s.yaml'));
    expect(p?.reason).toBe('node_modules');
  });

  it('flags a suite that a publishable package ships', async () => {
    const root = await tree({
      'pkg/package.json': JSON.stringify({ name: '@x/data', files: ['dist', 'suites'] }),
      'pkg/suites/s.yaml': '',
    });
    const p = await packagedSuite(join(root, 'pkg/suites/s.yaml'));
    expect(p).toEqual({
      reason: 'package',
      where: join(root, 'pkg/package.json'),
      packageName: '@x/data',
    });
  });

  it('does not flag a suite in a private project', async () => {
    const root = await tree({
      'package.json': JSON.stringify({ name: 'my-evals', private: true }),
      'evals/s.yaml': '',
    });
    expect(await packagedSuite(join(root, 'evals/s.yaml'))).toBeUndefined();
  });

  it("does not flag a suite in a user's project that ships no files (npm init -y)", async () => {
    const root = await tree({
      'package.json': JSON.stringify({ name: 'shop', version: '1.0.0', main: 'index.js' }),
      'suites/shop.yaml': '',
    });
    expect(await packagedSuite(join(root, 'suites/shop.yaml'))).toBeUndefined();
  });

  it('reads files as npm does: a folder, the file, globs; a suite left out is not flagged', async () => {
    const cases: Array<[unknown, boolean]> = [
      [['suites'], true],
      [['./suites/'], true],
      [['suites/s.yaml'], true],
      [['suites/*.yaml'], true],
      [['**/*.yaml'], true],
      [['dist/**/*.js', 'README.md'], false],
      [['suites/*.json'], false],
      [['suite'], false],
      [['!suites'], false],
      ['suites', false],
    ];
    for (const [files, flagged] of cases) {
      const root = await tree({
        'package.json': JSON.stringify({ name: '@x/data', files }),
        'suites/s.yaml': '',
      });
      const p = await packagedSuite(join(root, 'suites/s.yaml'));
      expect(p?.reason, JSON.stringify(files)).toBe(flagged ? 'package' : undefined);
    }
  });
});
