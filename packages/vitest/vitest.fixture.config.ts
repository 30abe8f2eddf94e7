// The fixture's own vitest: the workspace's module resolution (packages from source), its
// own files, and a JSON report where the parent test says (never the package's
// .reports/vitest.json, which CI totals). Not mergeConfig: it would append to the arrays.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import shared from '../../vitest.shared.ts';

export default defineConfig({
  resolve: shared.resolve,
  ssr: shared.ssr,
  test: {
    include: ['test/fixtures/*.evaluation.ts'],
    testTimeout: 120_000,
    reporters: ['json'],
    outputFile: {
      json: process.env.NL2SQL_FIXTURE_REPORT ?? join(tmpdir(), 'nl2sql-fixture.json'),
    },
  },
});
