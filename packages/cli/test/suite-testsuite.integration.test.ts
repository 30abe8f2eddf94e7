import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHINOOK_SUITE_PATH, chinookForTests } from '@nl2sql/datasets';
import { loadSuite, writeSuite } from '@nl2sql/suite';
import { describe, expect, test } from 'vitest';
import { EXIT, main } from '../src/index.js';
import { captureIo } from './io-capture.js';

const chinook = await chinookForTests();
const noChinook = chinook.path === undefined;

/** Two Chinook cases in a suite file of their own (the real format, plans included). */
async function miniSuite(): Promise<string> {
  const suite = await loadSuite(CHINOOK_SUITE_PATH);
  const dir = await mkdtemp(join(tmpdir(), 'nl2sql-suite-testsuite-'));
  const file = join(dir, 'mini.yaml');
  await writeSuite(file, {
    ...suite,
    name: 'mini',
    cases: suite.cases.filter((c) => ['chinook_010', 'chinook_021'].includes(c.id)),
  });
  return file;
}

const run = async (...args: string[]) => {
  const c = captureIo();
  const code = await main(args, c.io);
  return { code, out: c.out(), err: c.err() };
};

describe('nl2sql suite testsuite, then eval run on it', () => {
  test.skipIf(noChinook)(
    'builds the variants beside the suite, deterministically from the seed, and eval run scores on them',
    async () => {
      const file = await miniSuite();
      const args = ['suite', 'testsuite', file, '--db', chinook.path!, '--candidates', '3'];
      const first = await run(...args, '--max-variants', '2');
      // Progress on stderr, the figures on stdout.
      expect(first.err).toContain('reading the original schema');
      expect(first.code).toBe(EXIT.ok);
      expect(first.out).toMatch(
        /mini\.testsuite: \d databases \(the original and \d variants\), seed 1/,
      );
      expect(first.out).toMatch(/killed: \d+ by the original alone/);
      const manifestFile = join(file.replace(/\.yaml$/, '.testsuite'), 'manifest.json');
      const manifest = await readFile(manifestFile, 'utf8');
      // The same seed writes the same manifest, byte for byte.
      expect((await run(...args, '--max-variants', '2')).code).toBe(EXIT.ok);
      expect(await readFile(manifestFile, 'utf8')).toBe(manifest);

      const evalRun = await run(
        'eval',
        'run',
        '--suite',
        file,
        '--db',
        chinook.path!,
        '--diagnostics',
      );
      expect(evalRun.code).toBe(EXIT.ok);
      expect(evalRun.out).toMatch(/test-suite strict\s+\d+\/\d+/);
      expect(evalRun.out).toMatch(/verdict \(3 tiers\)\s+\d+\/\d+/);
      expect(evalRun.out).toContain('Diagnostics (never part of the gate):');
      expect(evalRun.out).toMatch(/difficulty simple\s+\d+\/\d+/);
      // The SQL against the gold, in aggregate (each case run's values are in its record).
      expect(evalRun.out).toMatch(/normalized exact match\s+\d+\/\d+/);
      // BIRD's Soft-F1, a mean over the case runs with gold rows (decisions/soft-f1.md).
      expect(evalRun.out).toMatch(
        /Soft-F1 \(BIRD mini-dev, mean; row order counts\)\s+[01]\.\d{3} over \d+ case run\(s\)/,
      );
      expect(evalRun.out).toMatch(/component F1 \(mean\)\s+\S+ \d\.\d{3}/);
      expect(evalRun.out).toMatch(/AST similarity \(mean\)\s+\d\.\d{3}/);
      // --skip-testsuite leaves the test suite out.
      const skipped = await run(
        'eval',
        'run',
        '--suite',
        file,
        '--db',
        chinook.path!,
        '--skip-testsuite',
      );
      expect(skipped.out).not.toContain('test-suite strict');
    },
    600_000,
  );

  test('the packaged Chinook suite is refused without --allow-packaged (exit 3), nothing built', async () => {
    const r = await run('suite', 'testsuite');
    expect(r.code).toBe(EXIT.config);
    expect(r.err).toContain('--allow-packaged');
  });

  test('a suite that does not exist is exit 3', async () => {
    const r = await run('suite', 'testsuite', join(tmpdir(), 'no-such-suite.yaml'));
    expect(r.code).toBe(EXIT.config);
    expect(r.err).toContain('no such file');
  });
});
