// crossCheckSuite() on the Chinook suite against a DuckDB copy made for it, and
// suiteTestSuite() on two Chinook cases: real data, the report and the manifest returned.
import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHINOOK_SUITE_PATH, chinookForTests } from '@nl2sql/datasets';
import { loadSuite, writeSuite } from '@nl2sql/suite';
import { describe, expect, test } from 'vitest';
import { crossCheckSuite, EXIT, suiteTestSuite } from '../src/index.js';
import { captureIo } from './capture-io.js';

const chinook = await chinookForTests();

describe('crossCheckSuite()', () => {
  test.skipIf(!chinook.path)(
    'checks every approved case on SQLite and DuckDB and returns the classified report',
    async () => {
      const c = captureIo();
      const result = await crossCheckSuite({ engine: ['duckdb'] }, c.io);
      expect(result.kind).toBe('engines');
      if (result.kind !== 'engines') return;
      expect(result.exitCode, c.out()).toBe(EXIT.ok);
      expect(result.report.engines).toEqual(['duckdb']);
      // Every case the report names is one of the suite's, each checked on DuckDB.
      const ids = new Set((await loadSuite(CHINOOK_SUITE_PATH)).cases.map((k) => k.id));
      const checked = result.report.cases;
      expect(checked.length).toBeGreaterThan(30);
      expect(checked.every((k) => ids.has(k.id) && k.engines[0]?.engine === 'duckdb')).toBe(true);
      expect(result.report.findings).toBe(0);
      expect(c.err()).toContain('copying Chinook into a DuckDB file');
      expect(c.out()).toMatch(new RegExp(`^${checked.length} cases on sqlite, duckdb: `, 'm'));
    },
    120_000,
  );
});

describe('suiteTestSuite()', () => {
  test.skipIf(!chinook.path)(
    'builds the variants and returns the manifest',
    async () => {
      const suite = await loadSuite(CHINOOK_SUITE_PATH);
      const file = join(await mkdtemp(join(tmpdir(), 'nl2sql-testsuite-')), 'mini.yaml');
      await writeSuite(file, {
        ...suite,
        name: 'mini',
        cases: suite.cases.filter((k) => ['chinook_010', 'chinook_021'].includes(k.id)),
      });
      const c = captureIo();
      const result = await suiteTestSuite(
        { suite: file, db: chinook.path, candidates: 3, maxVariants: 2, seed: 7 },
        c.io,
      );
      expect(result.exitCode).toBe(EXIT.ok);
      expect(result.built.dir).toBe(file.replace(/\.yaml$/, '.testsuite'));
      expect(existsSync(join(result.built.dir, 'manifest.json'))).toBe(true);
      const { manifest } = result.built;
      expect(manifest.seed).toBe(7);
      expect(manifest.summary.suiteSize).toBeGreaterThanOrEqual(1);
      expect(manifest.summary.suiteSize).toBeLessThanOrEqual(3);
      expect(c.out()).toContain(`seed 7`);
      expect(c.err()).toContain('reading the original schema');
    },
    120_000,
  );
});
